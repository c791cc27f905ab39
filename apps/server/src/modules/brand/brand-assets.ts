import { createHash } from 'node:crypto';
import type { PublicCompanySettings } from '@capstan/shared';
import { initialsOf, SHARE_CARD } from './brand-images';

/**
 * The company's pictures as the pages link them (decision 053). Each URL carries a version made
 * from exactly what the picture is drawn from, so a rename or a new upload gives new URLs: pages
 * (re-rendered at the settings save) point at the new picture, and crawlers and browsers that
 * cached the old one fetch it again, while an unchanged picture stays cached for a year.
 */

/** Bumped whenever the drawing itself changes, so the new pictures get new URLs too. */
const DRAWING_VERSION = 1;

export const BRAND_PATHS = {
  favicon: '/favicon.ico',
  appleTouchIcon: '/apple-touch-icon.png',
  /** Square, for search engines' Organization logo. */
  logo: '/logo.png',
  /** The card drawn from the name and tagline. */
  shareCard: '/og-image.png',
  /** The uploaded share picture, cropped to the card's shape. */
  sharePhoto: '/share-picture.jpg',
} as const;

export type BrandCompany = Pick<PublicCompanySettings, 'name' | 'tagline' | 'logo' | 'sharePicture'>;

function versionOf(parts: readonly unknown[]): string {
  return createHash('sha256')
    .update(JSON.stringify([DRAWING_VERSION, ...parts]))
    .digest('base64url')
    .slice(0, 12);
}

/** The icons show the uploaded logo, or the name's initials. */
export function iconVersion(company: BrandCompany): string {
  return versionOf(company.logo ? ['logo', company.logo.url] : ['initials', initialsOf(company.name)]);
}

/** The card shows the name, the tagline and the logo; an uploaded share picture replaces it. */
export function shareCardVersion(company: BrandCompany): string {
  return versionOf(['card', company.name, company.tagline, company.logo?.url ?? null]);
}

export function sharePhotoVersion(company: BrandCompany): string {
  return versionOf(['photo', company.sharePicture?.url ?? null]);
}

export interface BrandAssets {
  favicon: string;
  appleTouchIcon: string;
  logo: string;
  shareImage: { url: string; width: number; height: number; alt: string };
}

const withVersion = (path: string, version: string) => `${path}?v=${version}`;

/** Root-relative URLs of the company's pictures as they are now. */
export function brandAssets(company: BrandCompany): BrandAssets {
  const icon = iconVersion(company);
  return {
    favicon: withVersion(BRAND_PATHS.favicon, icon),
    appleTouchIcon: withVersion(BRAND_PATHS.appleTouchIcon, icon),
    logo: withVersion(BRAND_PATHS.logo, icon),
    shareImage: company.sharePicture
      ? {
          url: withVersion(BRAND_PATHS.sharePhoto, sharePhotoVersion(company)),
          ...SHARE_CARD,
          alt: company.name,
        }
      : {
          url: withVersion(BRAND_PATHS.shareCard, shareCardVersion(company)),
          ...SHARE_CARD,
          // The card shows exactly these words.
          alt: `${company.name} — ${company.tagline}`,
        },
  };
}

/** When the settings cannot be read: the same pictures, unversioned (short-lived in caches). */
export const UNVERSIONED_ICONS = { favicon: BRAND_PATHS.favicon, appleTouchIcon: BRAND_PATHS.appleTouchIcon };
