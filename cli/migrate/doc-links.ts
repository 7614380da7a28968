/**
 * Navbar items of a Docusaurus config that link to a doc by its id (`type:
 * 'doc'`) or to a sidebar (`type: 'docSidebar'`, its first doc): docsgen's
 * navbar links by path, so the docs are read (their front matter, through
 * the file rule, as a build reads them) and each link gets the route docsgen
 * gives that doc: `routeBasePath`, `slug`, number prefixes and folder indexes
 * included. A link into a docs instance that is not built is left out with
 * a note; so is one whose doc or sidebar does not exist, since a broken
 * navbar link would stop every build.
 */

import { statSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../config/schema.js';
import { checkSiteFile, type FileRule } from '../files/content-files.js';
import { DocsgenError } from '../errors.js';
import { loadContent } from '../load/load-content.js';
import { parseNumberPrefix } from '../load/number-prefix.js';
import { isFolderIndex, planDocs } from '../routes/plan-docs.js';
import { flattenSidebar, resolveSidebars, type SidebarDoc } from '../routes/sidebar.js';
import { readSiteVersions } from '../versions/site-versions.js';
import type { DocLink } from './map-navbar.js';
import type { ExtraDocs } from './map-plugins.js';
import { shownName, type Data, type Note } from './map-values.js';

/** The docs of a folder, read as a build reads them, or undefined when the folder cannot be read. */
export async function readDocs(root: string, rule: FileRule, docsDir: string) {
  const checked = checkSiteFile(rule, path.resolve(root, docsDir));
  if (checked.kind !== 'ok' || !statSync(checked.real).isDirectory()) return undefined;
  try {
    return await loadContent({ root, docsDir, rule });
  } catch {
    return undefined;
  }
}

/** Sets the `to` of each doc link, or takes its item out of `items` (the written navbar's) with a note. */
export async function resolveDocLinks(
  links: DocLink[],
  items: Data[],
  context: { root: string; rule: FileRule; config: SiteConfig; docsId: string; extraDocs: ExtraDocs[]; note: Note },
): Promise<void> {
  if (links.length === 0) return;
  const { note } = context;
  const drop = (link: DocLink, why: string) => {
    note(link.at, why);
    items.splice(items.indexOf(link.item), 1);
  };
  // An item the schema refused is no longer in the navbar: nothing to resolve.
  links = links.filter((link) => items.includes(link.item));
  // Docusaurus links a navbar doc item to the doc of the last version (the one at routeBasePath).
  const latest = latestVersionConfig(context.config, context.rule);
  const loaded = await readDocs(context.root, context.rule, latest.docs.path);
  const planned = loaded ? planDocs(loaded.files, latest).docs : [];
  const routes = new Map(planned.map((doc) => [doc.file.id, doc.path]));
  let sidebars: Map<string, ReturnType<typeof flattenSidebar>> | undefined;
  for (const link of links) {
    if (link.pluginId !== undefined && link.pluginId !== context.docsId) {
      const extra = context.extraDocs.find((docs) => docs.id === link.pluginId);
      drop(
        link,
        `links into the docs plugin instance ${shownName(link.pluginId)}${extra ? ` (${extra.path}/)` : ''}, which docsgen does not build: not carried over`,
      );
      continue;
    }
    if (link.docId !== undefined) {
      const route = routes.get(link.docId);
      if (route !== undefined) link.item.to = route.replace(/^\/+/, '');
      else if (loaded)
        drop(link, `no doc of ${latest.docs.path}/ has the id '${link.docId}': not carried over (give it a \`to\`)`);
      else {
        // The docs could not be read here: the route Docusaurus gives a doc without a slug.
        link.item.to = [latest.docs.routeBasePath, link.docId].filter(Boolean).join('/');
        note(
          link.at,
          `the docs folder ${latest.docs.path}/ could not be read: linked to '${link.item.to}', the route of a doc without a \`slug\`; check it`,
        );
      }
      continue;
    }
    sidebars ??= firstLinks(latest, planned, loaded?.categories);
    const first = sidebars.get(link.sidebarId!)?.[0];
    if (first === undefined)
      drop(link, `the sidebar '${link.sidebarId}' has no doc to link to: not carried over (give it a \`to\`)`);
    else link.item.to = first.href.replace(/^\/+/, '');
  }
}

/**
 * The config the build gives the last version (its docs folder, route and
 * sidebars): the docs folder itself unless versions.json names versions, and
 * a versioned folder when `includeCurrentVersion: false` leaves the docs
 * folder out (or may have deleted it). A versions.json the build would refuse
 * leaves the config as it is: the build reports it.
 */
function latestVersionConfig(config: SiteConfig, rule: FileRule): SiteConfig {
  try {
    return readSiteVersions(config, rule, 'build.config.ts').find((v) => v.version.isLast)?.config ?? config;
  } catch (error) {
    if (error instanceof DocsgenError) return config;
    throw error;
  }
}

/** Each sidebar's doc links in reading order, as the build resolves them (autogenerated ones included), with routes as hrefs. */
function firstLinks(
  config: SiteConfig,
  planned: ReturnType<typeof planDocs>['docs'],
  categories?: Parameters<typeof resolveSidebars>[3],
): Map<string, ReturnType<typeof flattenSidebar>> {
  const docs = new Map<string, SidebarDoc>();
  for (const doc of planned) {
    const fileName = doc.file.docPath.split('/').pop()!;
    docs.set(doc.file.id, {
      id: doc.file.id,
      label: doc.file.id,
      // Routes, not URLs: the written link is relative to baseUrl and docsgen encodes it.
      href: doc.path,
      unlisted: doc.file.frontMatter.unlisted,
      source: {
        docPath: doc.file.docPath,
        position: doc.file.frontMatter.sidebar_position ?? parseNumberPrefix(fileName).position,
        folderIndex: isFolderIndex(doc.file),
      },
    });
  }
  const resolved = resolveSidebars({ ...config, baseUrl: '/' }, docs, 'build.config.ts', categories);
  return new Map(
    [...resolved.sidebars].map(([name, items]) => [
      name,
      flattenSidebar(items).map((item) => ({ ...item, href: decodeRoute(item.href) })),
    ]),
  );
}

/** A generated index's href (an encoded URL under `/`) as a route. */
function decodeRoute(href: string): string {
  try {
    return decodeURI(href);
  } catch {
    return href;
  }
}

/** The note for a docs plugin instance that is not built: where it is, its route, and how many docs it holds. */
export async function describeExtraDocs(extra: ExtraDocs, root: string, rule: FileRule): Promise<string> {
  const loaded = await readDocs(root, rule, extra.path);
  const count = loaded
    ? `${loaded.files.length} doc${loaded.files.length === 1 ? '' : 's'}`
    : 'its folder could not be read';
  return `the docs plugin instance '${extra.id}' (${path.posix.normalize(extra.path)}/ at /${extra.routeBasePath}, ${count}) is not built: docsgen builds one docs folder; move them into a folder of the docs folder and add them to a sidebar, or keep them on Docusaurus`;
}
