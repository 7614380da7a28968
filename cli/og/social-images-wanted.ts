import type { SiteConfig } from '../config/schema.js';
import { installCommand, missingPackages, SOCIAL_IMAGE_PACKAGES } from '../optional-packages.js';

/**
 * Whether this build makes social images: `socialImages` is on and the packages that draw them are installed
 * (optional packages: cli/optional-packages.ts). Left at its default without them, the build makes no image, so
 * no page names one in `og:image`, and says so in one note (a site that never wanted the images builds without a
 * warning). A config that sets `socialImages: true` itself without them was refused as it loaded
 * (config/optional-features.ts).
 */
export function wantsSocialImages(config: SiteConfig, reporter?: { note?(line: string): void }): boolean {
  if (!config.socialImages) return false;
  const missing = missingPackages(SOCIAL_IMAGE_PACKAGES);
  if (missing.length === 0) return true;
  reporter?.note?.(
    `no social images (og:image): ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not installed; ` +
      `${installCommand(missing)} draws them, socialImages: false turns them off without this note`,
  );
  return false;
}
