import type * as esbuild from 'esbuild';
import { PAGE_HEAD_TAG } from './page-head.js';

/** The Docusaurus modules the shims below stand for (what an error about another one lists). */
export const SHIMMED_MODULES = ['@theme/Layout', '@docusaurus/Head'];

/**
 * The modules docsgen gives the site's own code (components and React pages) in place of Docusaurus's, as esbuild
 * plugins: the one list both bundles are made with, so a shim added here serves both. Each shim is code of
 * docsgen's, not read from the site. `browser`: the variant a hydrated React page runs in the browser, whose
 * Layout renders only its children (the server's head element is gone from the markup it hydrates).
 */
export function siteModulePlugins(target: 'server' | 'browser' = 'server'): esbuild.Plugin[] {
  return [
    shimPlugin('docsgen-page-layout', /^@(theme\/Layout|docusaurus\/Head)$/, {
      '@theme/Layout': target === 'browser' ? BROWSER_LAYOUT_SHIM : LAYOUT_SHIM,
      '@docusaurus/Head': HEAD_SHIM,
    }),
  ];
}

/** A plugin that answers each of `modules` (an exact import path, all matched by `filter`) with the given source. */
function shimPlugin(name: string, filter: RegExp, modules: Record<string, string>): esbuild.Plugin {
  const namespace = name;
  return {
    name,
    setup(build) {
      build.onResolve({ filter }, (args) => ({ path: args.path, namespace }));
      build.onLoad({ filter: /.*/, namespace }, (args) => ({
        contents: modules[args.path],
        loader: 'js',
        resolveDir: build.initialOptions.absWorkingDir,
      }));
    },
  };
}

/**
 * Docusaurus's `<Layout title description>`: a page wraps itself in it. docsgen's page frame (navbar, footer) is
 * drawn around the page by the theme, so the shim renders only the children, after an element that carries the
 * title and description to the page's <head> (page-head.ts reads and removes it).
 */
const LAYOUT_SHIM = `
import { createElement, Fragment } from 'react';
export default function Layout(props) {
  const head = { 'data-title': props.title == null ? undefined : String(props.title),
    'data-description': props.description == null ? undefined : String(props.description) };
  return createElement(Fragment, null, createElement(${JSON.stringify(PAGE_HEAD_TAG)}, head), props.children);
}
`;

/** The Layout of a hydrated page in the browser: its children, as the server's markup has them once takePageHead ran. */
const BROWSER_LAYOUT_SHIM = `
import { createElement, Fragment } from 'react';
export default function Layout(props) { return createElement(Fragment, null, props.children); }
`;

/** Docusaurus's `<Head>` (react-helmet): what it holds belongs in <head>, which the theme writes: nothing is rendered. */
const HEAD_SHIM = `
export default function Head() { return null; }
`;
