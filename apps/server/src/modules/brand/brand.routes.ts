import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PublicSiteSettings } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { notFound } from '../../http-error';
import { cacheReadFor, sendCachedBody } from '../catalogue/cached-json-reply';
import { catalogueResponseCache } from '../catalogue/catalogue-response-cache';
import { BytesValue } from '../catalogue/public-response-cache';
import { imageIdFromUrl } from '../images/image-store';
import { LARGE_VARIANT, THUMB_VARIANT, variantFileName } from '../images/image-variants';
import { publicSiteSettings } from '../site/site-settings.service';
import { SITE_CACHE_KEY } from '../site/site.routes';
import { specSheetFonts } from '../spec-sheet/spec-sheet-fonts';
import { BRAND_PATHS, type BrandCompany, iconVersion, shareCardVersion, sharePhotoVersion } from './brand-assets';
import { icoOf, renderIcon, renderShareCard, renderSharePhoto } from './brand-images';
import { SITE_SCOPE } from '../catalogue/catalogue-revision.repository';

/** A URL whose version matches what it shows never changes (brand-assets.ts). */
const VERSIONED_CACHE = 'public, max-age=31536000, immutable';
/** `/favicon.ico` asked for by name (a browser's guess, a crawler): briefly, then revalidated by ETag. */
const UNVERSIONED_CACHE = 'public, max-age=300';

const FAVICON_SIZES = [16, 32, 48] as const;
const APPLE_TOUCH_ICON_SIZE = 180;
const LOGO_SIZE = 512;

const querySchema = z.object({ v: z.string().max(64).optional() });

async function bytesOf(body: Readable | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

interface BrandAsset {
  path: string;
  contentType: string;
  version: (company: BrandCompany) => string;
  /** The picture's bytes; undefined when there is none to show (404). */
  render: (company: BrandCompany, read: StoredReader) => Promise<Buffer | undefined>;
}

/** Bytes of a stored upload's variant; null when the file is gone (the pictures are then drawn). */
type StoredReader = (url: string, variant: typeof THUMB_VARIANT | typeof LARGE_VARIANT) => Promise<Buffer | null>;

const ASSETS: readonly BrandAsset[] = [
  {
    path: BRAND_PATHS.favicon,
    contentType: 'image/x-icon',
    version: iconVersion,
    render: async (company, read) => {
      const [fonts, logo] = await Promise.all([specSheetFonts(), logoOf(company, read)]);
      const images = await Promise.all(
        FAVICON_SIZES.map(async (size) => ({ size, png: await renderIcon(fonts, company.name, logo, size) })),
      );
      return icoOf(images);
    },
  },
  {
    path: BRAND_PATHS.appleTouchIcon,
    contentType: 'image/png',
    version: iconVersion,
    render: async (company, read) => {
      const [fonts, logo] = await Promise.all([specSheetFonts(), logoOf(company, read)]);
      return renderIcon(fonts, company.name, logo, APPLE_TOUCH_ICON_SIZE, { opaque: true });
    },
  },
  {
    path: BRAND_PATHS.logo,
    contentType: 'image/png',
    version: iconVersion,
    render: async (company, read) => {
      const [fonts, logo] = await Promise.all([specSheetFonts(), logoOf(company, read, LARGE_VARIANT)]);
      return renderIcon(fonts, company.name, logo, LOGO_SIZE);
    },
  },
  {
    path: BRAND_PATHS.shareCard,
    contentType: 'image/png',
    version: shareCardVersion,
    render: async (company, read) => {
      const [fonts, logo] = await Promise.all([specSheetFonts(), logoOf(company, read)]);
      return renderShareCard(fonts, { name: company.name, tagline: company.tagline }, logo);
    },
  },
  {
    path: BRAND_PATHS.sharePhoto,
    contentType: 'image/jpeg',
    version: sharePhotoVersion,
    render: async (company, read) => {
      const photo = company.sharePicture ? await read(company.sharePicture.url, LARGE_VARIANT) : null;
      return photo ? renderSharePhoto(photo) : undefined;
    },
  },
];

function logoOf(
  company: BrandCompany,
  read: StoredReader,
  variant: typeof THUMB_VARIANT | typeof LARGE_VARIANT = THUMB_VARIANT,
): Promise<Buffer | null> {
  return company.logo ? read(company.logo.url, variant) : Promise.resolve(null);
}

/**
 * The company's pictures (decision 053): favicon, home-screen icon, logo and share picture, drawn
 * from the current settings or cut from the uploads. Kept in the public response cache, so each is
 * made once per settings or catalogue revision and answered from memory with an ETag.
 */
export const brandRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const cache = catalogueResponseCache(ctx.db);

    const readStored: StoredReader = async (url, variant) => {
      const id = imageIdFromUrl(url);
      if (!id) return null;
      // The smaller sizes are derived after the upload answers; an old image may lack them.
      for (const candidate of [variant, LARGE_VARIANT]) {
        const file = await ctx.images.open(variantFileName(id, candidate));
        if (file) return bytesOf(file.body());
      }
      return null;
    };

    /** The company as GET /api/site answers it, from the same cache entry. */
    const currentCompany = async (request: FastifyRequest): Promise<BrandCompany> => {
      const body = await cache.get(SITE_CACHE_KEY, () => publicSiteSettings(ctx.db), {
        ...cacheReadFor(request),
        scope: SITE_SCOPE,
      });
      return (JSON.parse(body.identity.toString('utf8')) as PublicSiteSettings).company;
    };

    for (const asset of ASSETS) {
      app.get(
        asset.path,
        { compress: false, config: { access: 'public' }, schema: { querystring: querySchema } },
        async (request, reply) => {
          const company = await currentCompany(request);
          const version = asset.version(company);
          const body = await cache.find(
            `brand${asset.path}?v=${version}`,
            async () => {
              const bytes = await asset.render(company, readStored);
              return bytes && new BytesValue(bytes, { compressible: asset.contentType === 'image/x-icon' });
            },
            { scope: SITE_SCOPE },
          );
          if (!body) throw notFound('Share picture');
          reply.header('cache-control', request.query.v === version ? VERSIONED_CACHE : UNVERSIONED_CACHE);
          return sendCachedBody(request, reply, body, asset.contentType);
        },
      );
    }
  };
