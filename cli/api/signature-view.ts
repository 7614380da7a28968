/**
 * Builds the view of one call signature: code, comment, parameter tables, returns.
 */
import type { CodeToken, ParamView, SignatureView, TypeParamView } from '../../templates/shared/api-view-types.js';
import type { ApiComment, ApiSignature, ApiTypeParameter } from '../api-model.js';
import { toMarkdown } from './comment-markdown.js';
import { createEmptyDoc, renderDoc, renderTagContent } from './doc-view.js';
import { getSourceView, type PageContext } from './page-context.js';
import { printType } from './type-tokens.js';

export interface SignatureViewOptions {
  /** Omit the comment (it is already shown above, e.g. as the page summary). */
  omitDoc?: boolean;
  /** Constructors return their class: no "Returns" block. */
  omitReturns?: boolean;
  /** Omit "Defined in" (the page shows it once). */
  omitSource?: boolean;
  heading?: { id: string; text: string };
}

/** Builds the view of `sig`, whose code has already been printed. */
export async function buildSignatureView(
  sig: ApiSignature,
  code: CodeToken[],
  pc: PageContext,
  opts: SignatureViewOptions = {},
): Promise<SignatureView> {
  const [doc, typeParameters, parameters, returns] = await Promise.all([
    opts.omitDoc ? createEmptyDoc() : renderDoc(sig.comment, pc, sig.source),
    buildTypeParamViews(sig.typeParameters, pc, sig.comment),
    Promise.all(
      sig.parameters.map(
        async (p): Promise<ParamView> => ({
          name: p.rest ? `...${p.name}` : p.name,
          type: p.type ? printType(p.type, pc.href) : [],
          optional: p.optional,
          ...(p.defaultValue ? { defaultValue: p.defaultValue } : {}),
          descriptionHtml: await renderSummary(p.comment, pc, sig),
        }),
      ),
    ),
    opts.omitReturns ? undefined : buildReturns(sig, pc),
  ]);
  const source = opts.omitSource ? undefined : getSourceView(pc, sig.source);
  return {
    ...(opts.heading ? { heading: opts.heading } : {}),
    code,
    badges: [],
    doc,
    typeParameters,
    parameters,
    ...(returns ? { returns } : {}),
    ...(source ? { source } : {}),
  };
}

async function buildReturns(sig: ApiSignature, pc: PageContext): Promise<SignatureView['returns']> {
  const html = await renderTagContent(sig.comment, '@returns', pc, sig.source);
  const isVoid = !sig.returnType || (sig.returnType.kind === 'intrinsic' && sig.returnType.name === 'void');
  if (isVoid && !html) return undefined;
  return { type: sig.returnType ? printType(sig.returnType, pc.href) : [], html };
}

/** Rows of a type-parameter table; descriptions come from the parameter or a `@typeParam` tag. */
export async function buildTypeParamViews(
  params: readonly ApiTypeParameter[],
  pc: PageContext,
  owner?: ApiComment,
): Promise<TypeParamView[]> {
  return Promise.all(
    params.map(async (p) => {
      const tag = owner?.blockTags.find((b) => (b.tag === '@typeParam' || b.tag === '@template') && b.name === p.name);
      const comment = p.comment ?? (tag ? { summary: tag.content, blockTags: [], modifiers: [] } : undefined);
      return {
        name: p.name,
        ...(p.constraint ? { constraint: printType(p.constraint, pc.href) } : {}),
        ...(p.default ? { defaultType: printType(p.default, pc.href) } : {}),
        descriptionHtml: await renderSummary(comment, pc),
      };
    }),
  );
}

/** Just the summary of a comment as HTML. */
export async function renderSummary(
  comment: ApiComment | undefined,
  pc: PageContext,
  where?: ApiSignature,
): Promise<string> {
  const markdown = comment ? toMarkdown(comment.summary, pc, where?.source).trim() : '';
  return markdown ? pc.render.renderMarkdown(markdown) : '';
}
