import type { ReactNode } from 'react';
import { ExternalIcon } from './Icons.js';
import type { PageRoute, SiteData } from '../shared/site-data.js';

const icon = {
  'aria-hidden': true,
  focusable: false,
  width: 16,
  height: 16,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** Where a page's actions lead: each is left out when the page has nothing for it. */
export interface PageActionLinks {
  /** The page's Markdown copy, as the site links it (baseUrl included). */
  markdownHref?: string;
  /** A new ChatGPT / Claude conversation whose prompt points at the copy's absolute URL. */
  chatGptHref?: string;
  claudeHref?: string;
  editUrl?: string;
}

/**
 * Where "Open in ChatGPT" and "Open in Claude" go, before the prompt. `check --external` never requests these
 * links: each page has its own, and the services refuse automated requests.
 */
export const ASSISTANT_URLS = {
  chatGpt: 'https://chatgpt.com/?hints=search&q=',
  claude: 'https://claude.ai/new?q=',
} as const;

/**
 * The links of a page's actions. The assistants get the copy's absolute URL
 * (they fetch it themselves), in a prompt the reader can still edit before sending.
 */
export function pageActionLinks(site: SiteData, route: PageRoute): PageActionLinks | undefined {
  if (site.pageActions === false) return undefined;
  const { markdownHref, editUrl } = route;
  if (!markdownHref && !editUrl) return undefined;
  if (!markdownHref) return { editUrl };
  const absolute = site.siteUrl + markdownHref.slice(site.baseUrl.length - 1);
  const prompt = encodeURIComponent(`Read ${absolute} so I can ask questions about it.`);
  return {
    markdownHref,
    chatGptHref: ASSISTANT_URLS.chatGpt + prompt,
    claudeHref: ASSISTANT_URLS.claude + prompt,
    editUrl,
  };
}

function Item({
  href,
  icon: glyph,
  label,
  note,
  external,
}: {
  href: string;
  icon: ReactNode;
  label: string;
  note: string;
  external?: boolean;
}) {
  return (
    <li>
      <a
        className="page-actions-item"
        href={href}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {glyph}
        <span className="page-actions-text">
          <span className="page-actions-label">
            {label}
            {external ? <ExternalIcon /> : null}
          </span>
          <span className="page-actions-note">
            {note}
            {external ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
          </span>
        </span>
      </a>
    </li>
  );
}

/**
 * The menu beside a page's title: a disclosure (`<details>`) whose links work
 * before any script runs. "Copy page" is the one button; the main bundle
 * loads its code (client/page-actions.ts) on the first touch of the menu.
 */
export function PageActions({ links }: { links: PageActionLinks }) {
  const { markdownHref, chatGptHref, claudeHref, editUrl } = links;
  return (
    <div className="page-actions">
      <details>
        <summary className="page-actions-toggle">
          <CopyIcon />
          <span className="page-actions-toggle-label">Page actions</span>
          <svg {...icon} className="page-actions-chevron">
            <path d="m6 9 6 6 6-6" />
          </svg>
        </summary>
        <ul className="page-actions-menu">
          {markdownHref ? (
            <li>
              <button type="button" className="page-actions-item page-actions-copy" data-markdown={markdownHref}>
                <CopyIcon />
                <span className="page-actions-text">
                  <span className="page-actions-label">Copy page</span>
                  <span className="page-actions-note">As Markdown, for AI assistants</span>
                </span>
              </button>
            </li>
          ) : null}
          {markdownHref ? (
            <Item
              href={markdownHref}
              label="View as Markdown"
              note="This page as plain text"
              icon={
                <svg {...icon}>
                  <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z" />
                  <path d="M14 3v6h6M8 13h8M8 17h5" />
                </svg>
              }
            />
          ) : null}
          {chatGptHref ? (
            <Item
              href={chatGptHref}
              external
              label="Open in ChatGPT"
              note="Ask questions about this page"
              icon={<ChatIcon />}
            />
          ) : null}
          {claudeHref ? (
            <Item
              href={claudeHref}
              external
              label="Open in Claude"
              note="Ask questions about this page"
              icon={<ChatIcon />}
            />
          ) : null}
          {editUrl ? (
            <Item
              href={editUrl}
              external
              label="Edit this page"
              note="Suggest a change to its source"
              icon={
                <svg {...icon}>
                  <path d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
                </svg>
              }
            />
          ) : null}
        </ul>
      </details>
      {/* Outside the <details>: a closed one hides its content, and a live region must be rendered to be heard. */}
      <span className="visually-hidden" role="status" />
    </div>
  );
}

function ChatIcon() {
  return (
    <svg {...icon}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
    </svg>
  );
}

function CopyIcon() {
  return (
    <svg {...icon}>
      <rect x="8" y="8" width="12" height="12" rx="2" />
      <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
    </svg>
  );
}
