/**
 * Routes, ids and anchors of API pages.
 */
import { trimSlashes } from '../url-parts.js';
import type { ApiKind, ApiTarget } from '../api-model.js';
import type { ApiOptions } from './api-options.js';

/** URL segment of each kind (`/docs/api/<segment>/<Name>`). */
export const KIND_SEGMENTS: Record<ApiKind, string> = {
  class: 'classes',
  function: 'functions',
  interface: 'interfaces',
  'type-alias': 'type-aliases',
  variable: 'variables',
};

/** Plural title of each kind, as the index and sidebar show it. */
export const KIND_TITLES: Record<ApiKind, string> = {
  class: 'Classes',
  function: 'Functions',
  interface: 'Interfaces',
  'type-alias': 'Type Aliases',
  variable: 'Variables',
};

/** Singular label of each kind, shown as a badge on its page. */
export const KIND_LABELS: Record<ApiKind, string> = {
  class: 'Class',
  function: 'Function',
  interface: 'Interface',
  'type-alias': 'Type alias',
  variable: 'Variable',
};

/** `/docs/api` */
export function getIndexPath(options: ApiOptions): string {
  return `/${trimSlashes(options.routeBasePath)}`;
}

/** `api/index` (the id prefix is the last segment of routeBasePath). */
export function getIndexId(options: ApiOptions): string {
  return `${getIdPrefix(options)}/index`;
}

function getIdPrefix(options: ApiOptions): string {
  return trimSlashes(options.routeBasePath).split('/').pop() || 'api';
}

/** `/docs/api/classes/Camera` */
export function getEntityPath(options: ApiOptions, kind: ApiKind, name: string): string {
  return `${getIndexPath(options)}/${KIND_SEGMENTS[kind]}/${name}`;
}

/** `api/classes/Camera` */
export function getEntityId(options: ApiOptions, kind: ApiKind, name: string): string {
  return `${getIdPrefix(options)}/${KIND_SEGMENTS[kind]}/${name}`;
}

/** The anchor of a member heading: its name in lower case. */
export function getMemberAnchor(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9_$-]+/g, '-');
}

/** Final href of a link target (baseUrl included through `url`). */
export function getTargetHref(target: ApiTarget, options: ApiOptions, url: (p: string) => string): string {
  const page = url(getEntityPath(options, target.kind, target.entity));
  return target.member ? `${page}#${getMemberAnchor(target.member)}` : page;
}
