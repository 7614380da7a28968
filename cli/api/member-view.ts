/**
 * Builds the views of class/interface members and object-type rows.
 */
import type { BadgeView, MemberView, PropertyRowView } from '../../templates/shared/api-view-types.js';
import type { ApiEntity, ApiMember } from '../api-model.js';
import { getMemberAnchor } from './api-paths.js';
import { getCommentBadges, renderDoc } from './doc-view.js';
import type { IdRegistry } from './id-registry.js';
import { getSourceView, type PageContext } from './page-context.js';
import { buildSignatureView } from './signature-view.js';
import { printCallSignature, printMemberDeclaration, printType, t } from './type-tokens.js';

/** Heading ids of a member: the lower-case anchor, plus the exact-case name when different. */
export function claimMemberIds(name: string, ids: IdRegistry): { id: string; exactId?: string } {
  const id = ids.claim(getMemberAnchor(name));
  const exactId = name !== id ? ids.claimIfFree(name) : undefined;
  return exactId ? { id, exactId } : { id };
}

/** Badges for a member's flags and its comment's tags. */
function getMemberBadges(member: ApiMember): BadgeView[] {
  const { flags } = member;
  const badges: BadgeView[] = [];
  if (flags.static) badges.push({ label: 'static', variant: 'flag' });
  if (flags.protected) badges.push({ label: 'protected', variant: 'flag' });
  if (flags.abstract) badges.push({ label: 'abstract', variant: 'flag' });
  if (flags.readonly) badges.push({ label: 'readonly', variant: 'flag' });
  if (flags.optional) badges.push({ label: 'optional', variant: 'flag' });
  return [...badges, ...getCommentBadges(getMemberComment(member))];
}

function getMemberComment(member: ApiMember) {
  return member.comment ?? member.signatures[0]?.comment ?? member.getter?.comment;
}

/** Builds the h3 section of one member of `owner`. */
export async function buildMemberView(
  member: ApiMember,
  owner: ApiEntity,
  ids: IdRegistry,
  pc: PageContext,
): Promise<MemberView> {
  const isCallable = member.kind === 'method' || member.kind === 'constructor';
  const inheritedHref = member.inheritedFrom?.target ? pc.href(member.inheritedFrom.target) : undefined;
  const source = getSourceView(pc, member.source);
  const view: MemberView = {
    ...claimMemberIds(member.name, ids),
    headingText: isCallable ? `${member.kind === 'constructor' ? `new ${owner.name}` : member.name}()` : member.name,
    badges: getMemberBadges(member),
    signatures: [],
    ...(member.inheritedFrom
      ? { inherited: { name: member.inheritedFrom.name, ...(inheritedHref ? { href: inheritedHref } : {}) } }
      : {}),
    ...(source ? { source } : {}),
  };
  if (!isCallable) {
    view.code = printMemberDeclaration(member, pc.href);
    view.doc = await renderDoc(getMemberComment(member), pc, member.source);
    return view;
  }
  const prefix =
    member.kind === 'constructor'
      ? [t.kw('new '), { text: owner.name, cls: 'type' as const }]
      : [...(member.flags.static ? [t.kw('static ')] : []), t.name(member.name)];
  view.signatures = await Promise.all(
    member.signatures.map((sig) =>
      buildSignatureView(sig, [...prefix, ...printCallSignature(sig, pc.href, '', ': ')], pc, {
        omitReturns: member.kind === 'constructor',
      }),
    ),
  );
  return view;
}

/** Builds the table rows of an object type's members (type aliases, variables). */
export async function buildPropertyRows(
  members: readonly ApiMember[],
  ids: IdRegistry,
  pc: PageContext,
): Promise<PropertyRowView[]> {
  return Promise.all(
    members.map(async (member) => {
      const memberIds = claimMemberIds(member.name, ids);
      const doc = await renderDoc(getMemberComment(member), pc, member.source);
      const sig = member.signatures[0];
      const type = sig
        ? printCallSignature(sig, pc.href, '', ' => ')
        : member.type
          ? printType(member.type, pc.href)
          : [];
      return {
        ...memberIds,
        name: member.name,
        optional: Boolean(member.flags.optional),
        type,
        doc,
        badges: getCommentBadges(getMemberComment(member)),
      };
    }),
  );
}
