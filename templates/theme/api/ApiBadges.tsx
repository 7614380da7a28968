import type { BadgeView } from '../../shared/api-view-types.js';

/** Small labels: platforms, Worklet, static, optional, Deprecated… */
export function ApiBadges({ badges }: { badges: readonly BadgeView[] }) {
  if (!badges.length) return null;
  return (
    <>
      {badges.map((badge, i) => (
        <span key={i} className={`badge badge--${badge.variant}`} title={badge.title}>
          {badge.label}
        </span>
      ))}
    </>
  );
}
