/**
 * View models of the API reference templates: everything is resolved
 * (hrefs final, Markdown already HTML) before a template sees it. The same
 * views, built with the Markdown copy's render context, hold Markdown in their
 * `…Html` fields and absolute hrefs (cli/api/api-markdown.ts writes them).
 */

/** One piece of a code listing; `href` makes it a link. */
export interface CodeToken {
  text: string;
  cls?: 'kw' | 'type' | 'str' | 'num' | 'name' | 'param' | 'punct';
  href?: string;
}

export interface BadgeView {
  label: string;
  variant: string;
  title?: string;
}

/** A rendered TSDoc comment. HTML fields come from the site's Markdown pipeline. */
export interface DocView {
  summaryHtml: string;
  /** Set when the API is deprecated: its message, '' when the tag has none. */
  deprecatedHtml?: string;
  notesHtml: string[];
  remarksHtml?: string;
  defaultHtml?: string;
  throwsHtml: string[];
  seeHtml: string[];
  examplesHtml: string[];
  /** Other block tags: title + HTML. */
  otherTags: { title: string; html: string }[];
}

export interface SourceView {
  label: string;
  href?: string;
}

export interface ParamView {
  name: string;
  type: CodeToken[];
  optional: boolean;
  defaultValue?: string;
  descriptionHtml: string;
}

export interface TypeParamView {
  name: string;
  constraint?: CodeToken[];
  defaultType?: CodeToken[];
  descriptionHtml: string;
}

export interface SignatureView {
  /** Overload heading, when a function has several signatures. */
  heading?: { id: string; text: string };
  code: CodeToken[];
  badges: BadgeView[];
  doc: DocView;
  typeParameters: TypeParamView[];
  parameters: ParamView[];
  returns?: { type: CodeToken[]; html: string };
  source?: SourceView;
}

/** A property, method, accessor or constructor under its own h3. */
export interface MemberView {
  id: string;
  /** Extra anchor with the exact-case name, when it differs from `id`. */
  exactId?: string;
  headingText: string;
  badges: BadgeView[];
  /** Declaration of a property or accessor (methods use their signatures). */
  code?: CodeToken[];
  doc?: DocView;
  signatures: SignatureView[];
  inherited?: { name: string; href?: string };
  source?: SourceView;
}

export interface SectionView {
  id: string;
  title: string;
  members: MemberView[];
}

/** A row of an object type's member table. */
export interface PropertyRowView {
  id: string;
  exactId?: string;
  name: string;
  optional: boolean;
  type: CodeToken[];
  /** The member's comment: the cell shows its deprecation, summary, notes, default and examples. */
  doc: DocView;
  badges: BadgeView[];
}

export interface EntityPageView {
  badges: BadgeView[];
  doc: DocView;
  hierarchy: { label: string; types: CodeToken[][] }[];
  /** `type X = …` or `const X: …`. */
  declaration?: CodeToken[];
  typeParameters: TypeParamView[];
  signatures: SignatureView[];
  sections: SectionView[];
  properties?: { id: string; title: string; rows: PropertyRowView[] };
  source?: SourceView;
}

export interface IndexGroupView {
  id: string;
  title: string;
  items: { name: string; href: string; summary?: string; deprecated: boolean }[];
}
