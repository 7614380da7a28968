/**
 * Turns the API model into pages (HTML bodies rendered with the React
 * templates) and the API sidebar category.
 */
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ApiEntityPage } from '../../templates/theme/api/ApiEntityPage.js';
import { ApiIndexPage } from '../../templates/theme/api/ApiIndexPage.js';
import type { IndexGroupView } from '../../templates/shared/api-view-types.js';
import type { PageContent, SidebarItem } from '../types.js';
import { API_KINDS, type ApiEntity, type ApiKind, type ApiModel } from '../api-model.js';
import type { ApiOptions } from './api-options.js';
import { getEntityId, getEntityPath, getIndexId, getIndexPath, KIND_SEGMENTS, KIND_TITLES } from './api-paths.js';
import { getPlainSummary } from './comment-markdown.js';
import { buildEntityMarkdown, writeIndexMarkdown } from './api-markdown.js';
import { buildEntityView } from './entity-view.js';
import { readPageHeadings, type PageHeadings } from './html-headings.js';
import type { SiteAddress } from './markdown-context.js';
import { createPageContext, getSiteFile, type ApiRenderContext, type PageContext } from './page-context.js';

export type { ApiRenderContext } from './page-context.js';

/** One generated API page. */
export interface ApiPage {
  /** `/docs/api/classes/Camera` (no baseUrl, no trailing slash); the index is `/docs/api`. */
  path: string;
  /** `api/classes/Camera`; the index is `api/index`. */
  id: string;
  kind: 'index' | ApiKind;
  title: string;
  sidebarLabel: string;
  /** One-line plain-text summary. */
  description?: string;
  /** `html` is the body below the h1; `headings` are its h2/h3. */
  content: PageContent;
}

/**
 * Builds the index page and one page per entity, in sidebar order. With
 * `site` (where the site is published), each page gets its Markdown copy too.
 */
export async function buildApiPages(
  model: ApiModel,
  options: ApiOptions,
  ctx: ApiRenderContext,
  site?: SiteAddress,
): Promise<ApiPage[]> {
  const entityPages = await Promise.all(
    getSortedEntities(model).map((entity) => buildEntityPage(entity, model, options, ctx, site)),
  );
  return [buildIndexPage(model, options, ctx, site), ...entityPages];
}

async function buildEntityPage(
  entity: ApiEntity,
  model: ApiModel,
  options: ApiOptions,
  ctx: ApiRenderContext,
  site: SiteAddress | undefined,
): Promise<ApiPage> {
  const path = getEntityPath(options, entity.kind, entity.name);
  const pc = createPageContext(model, options, ctx, path);
  const [view, markdown] = await Promise.all([
    buildEntityView(entity, pc),
    site ? buildEntityMarkdown(entity, model, options, site, path) : undefined,
  ]);
  const html = renderToStaticMarkup(createElement(ApiEntityPage, { view, kind: entity.kind }));
  const description = getPlainSummary(entity.comment ?? entity.signatures[0]?.comment);
  const read = readPageHeadings(html);
  reportDuplicateIds(read.duplicateIds, pc, entity);
  return {
    path,
    id: getEntityId(options, entity.kind, entity.name),
    kind: entity.kind,
    title: entity.name,
    sidebarLabel: entity.name,
    ...(description ? { description } : {}),
    content: { ...createContent(html, read, pc.diagnostics, description), ...(markdown ? { markdown } : {}) },
  };
}

function buildIndexPage(
  model: ApiModel,
  options: ApiOptions,
  ctx: ApiRenderContext,
  site: SiteAddress | undefined,
): ApiPage {
  const path = getIndexPath(options);
  const groups: IndexGroupView[] = getKindGroups(model).map(({ kind, entities }) => ({
    id: KIND_SEGMENTS[kind],
    title: KIND_TITLES[kind],
    items: entities.map((entity) => {
      const summary = getPlainSummary(entity.comment ?? entity.signatures[0]?.comment);
      return {
        name: entity.name,
        href: ctx.url(getEntityPath(options, kind, entity.name)),
        ...(summary ? { summary } : {}),
        deprecated: [entity.comment, ...entity.signatures.map((s) => s.comment)].some((c) =>
          c?.blockTags.some((b) => b.tag === '@deprecated'),
        ),
      };
    }),
  }));
  const element: ReactElement = createElement(ApiIndexPage, {
    packageName: model.package.name,
    version: model.package.version,
    groups,
  });
  const html = renderToStaticMarkup(element);
  const description = `API reference of ${model.package.name} ${model.package.version}.`;
  // TypeDoc's own warnings are reported once, on the index page.
  const diagnostics = model.warnings.map((w) => ({
    severity: 'warning' as const,
    rule: 'api-typedoc',
    message: w.message,
    ...(w.file ? { file: w.file } : {}),
    ...(w.line ? { line: w.line } : {}),
    route: path,
  }));
  const content = createContent(html, readPageHeadings(html), diagnostics, description);
  if (site) {
    const absolute = groups.map((group) => ({
      ...group,
      items: group.items.map((item) => ({ ...item, href: site.origin + item.href })),
    }));
    content.markdown = writeIndexMarkdown(options.label, model.package.name, model.package.version, absolute);
  }
  return {
    path,
    id: getIndexId(options),
    kind: 'index',
    title: options.label,
    sidebarLabel: 'Overview',
    description,
    content,
  };
}

function createContent(
  html: string,
  { headings }: PageHeadings,
  diagnostics: PageContent['diagnostics'],
  excerpt?: string,
): PageContent {
  return { html, headings, links: [], assets: {}, diagnostics, ...(excerpt ? { excerpt } : {}) };
}

function reportDuplicateIds(duplicateIds: string[], pc: PageContext, entity: ApiEntity): void {
  for (const id of duplicateIds) {
    const file = getSiteFile(pc.model, entity.source);
    pc.diagnostics.push({
      severity: 'warning',
      rule: 'api-duplicate-id',
      message: `The id "${id}" appears more than once on the page of ${entity.name}`,
      ...(file ? { file, line: entity.source?.line } : {}),
      route: pc.route,
      hint: 'A heading in the TSDoc text collides with a member anchor; rename the heading',
    });
  }
}

/** Entities grouped by kind, in site order, skipping empty kinds. */
function getKindGroups(model: ApiModel): { kind: ApiKind; entities: ApiEntity[] }[] {
  return API_KINDS.map((kind) => ({ kind, entities: getSortedEntities(model).filter((e) => e.kind === kind) })).filter(
    (g) => g.entities.length,
  );
}

function getSortedEntities(model: ApiModel): ApiEntity[] {
  const rank = (k: ApiKind) => API_KINDS.indexOf(k);
  return [...model.entities].sort((a, b) => rank(a.kind) - rank(b.kind));
}

/** Every API page's path and title, known from the model alone (before any page is rendered): the social images. */
export function listApiPages(model: ApiModel, options: ApiOptions): { path: string; title: string }[] {
  return [
    { path: getIndexPath(options), title: options.label },
    ...getSortedEntities(model).map((entity) => ({
      path: getEntityPath(options, entity.kind, entity.name),
      title: entity.name,
    })),
  ];
}

/**
 * The API sidebar category: "Overview" then one category per kind
 * (Classes, Functions, Interfaces, Type Aliases, Variables).
 */
export function buildApiSidebar(model: ApiModel, options: ApiOptions, url: (p: string) => string): SidebarItem {
  return {
    type: 'category',
    label: options.label,
    collapsed: false,
    items: [
      { type: 'doc', id: getIndexId(options), label: 'Overview', href: url(getIndexPath(options)) },
      ...getKindGroups(model).map(
        ({ kind, entities }): SidebarItem => ({
          type: 'category',
          label: KIND_TITLES[kind],
          // Kind groups start folded (64 entries otherwise); the layout opens the active one.
          collapsed: true,
          items: entities.map((e) => ({
            type: 'doc',
            id: getEntityId(options, kind, e.name),
            label: e.name,
            href: url(getEntityPath(options, kind, e.name)),
          })),
        }),
      ),
    ],
  };
}
