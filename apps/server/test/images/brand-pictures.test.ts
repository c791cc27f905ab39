import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, CompanyInput, CompanySettings, PublicSiteSettings, TotpSetupResponse } from '@capstan/shared';
import { UNATTACHED_IMAGE_TTL_MS, sweepUnattachedImages } from '../../src/modules/images/sweep-unattached';
import { LOGO_NOT_FOUND_MESSAGE, SHARE_PICTURE_NOT_FOUND_MESSAGE } from '../../src/modules/site/site-settings.service';
import { pngImage } from '../helpers/images';
import { createPart, pngFile, uploadImages } from '../helpers/items';
import { isStored } from '../helpers/storage';
import { jsonLdBlocks } from '../helpers/structured-data';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { writeStandInManifest } from '../helpers/stand-in-build';

/**
 * The company's name, logo and share picture reach every picture and tag that shows the company:
 * the share picture (drawn or uploaded), its alt texts, the favicon and home-screen icon, the
 * Organization logo, and the two-factor issuer (decision 053).
 */

const PAGES = ['/', '/products', '/no-such-page', '/admin'] as const;

// A stand-in for the built server renderer: the head is the server's own (page-meta.ts), which is
// what these tests are about; the page kind follows the URL.
const entrySource = `export async function render(url) {
  const path = new URL(url).pathname;
  const page = path === '/' ? { kind: 'home' } : path === '/products' ? { kind: 'catalogue', canonicalPath: '/products' } : { kind: 'not-found' };
  return { kind: 'page', status: page.kind === 'not-found' ? 404 : 200, page, html: '<p>page</p>', dataJson: '{}', lazyModules: [] };
}`;
const indexHtml =
  '<!doctype html><html><head><!--app-head--><title>Capstan</title><!--/app-head--></head>' +
  '<body><div id="root"><!--app-html--></div><!--app-data--></body></html>';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const attribute = (tag: string, name: string) =>
  new RegExp(`${name}="([^"]*)"`)
    .exec(tag)?.[1]
    ?.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
const metaContent = (html: string, key: string) =>
  attribute(new RegExp(`<meta (?:name|property)="${key}" content="[^"]*">`).exec(html)?.[0] ?? '', 'content');
const linkHref = (html: string, rel: string) =>
  attribute(new RegExp(`<link rel="${rel}"[^>]*>`).exec(html)?.[0] ?? '', 'href');
/** Root-relative form of an absolute URL of the test app. */
const local = (url: string | undefined) => (url ? url.replace(/^https?:\/\/[^/]+/, '') : '');

describe('the company pictures', () => {
  let t: TestApp;
  let token: string;
  let distDir: string;

  beforeAll(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'capstan-brand-web-'));
    fs.writeFileSync(path.join(distDir, 'index.html'), indexHtml);
    fs.writeFileSync(path.join(distDir, 'entry-server.mjs'), entrySource);
    writeStandInManifest(distDir);
    t = await createTestApp({ webDistDir: distDir, webSsrEntry: path.join(distDir, 'entry-server.mjs') });
    token = await t.login();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const adminCompany = async () =>
    (await get('/api/admin/site', bearer(token))).json<{ company: CompanySettings }>().company;
  const publicCompany = async () => (await get('/api/site')).json<PublicSiteSettings>().company;
  const putCompany = (payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/site/company', payload, headers: bearer(token) });
  const saveCompany = async (change: Partial<CompanyInput>) => {
    const current = await adminCompany();
    const response = await putCompany({ ...current, ...change });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CompanySettings>();
  };
  const uploadOne = async (data: Buffer, name = 'logo.png') => {
    const [url] = await uploadImages(t, token, [{ name, type: 'image/png', data }]);
    if (!url) throw new Error('no upload URL');
    return url;
  };
  const homeHead = async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('every page links a favicon and a home-screen icon that answer with images, with no 404', async () => {
    for (const page of PAGES) {
      const html = (await get(page)).body;
      const favicon = linkHref(html, 'icon');
      const touch = linkHref(html, 'apple-touch-icon');
      expect(favicon, page).toMatch(/^\/favicon\.ico\?v=[\w-]{12}$/);
      expect(touch, page).toMatch(/^\/apple-touch-icon\.png\?v=[\w-]{12}$/);

      const icon = await get(favicon ?? '');
      expect(icon.statusCode, page).toBe(200);
      expect(icon.headers['content-type']).toBe('image/x-icon');
      // The URL names this very picture: it may be kept for a year.
      expect(icon.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const home = await get(touch ?? '');
      expect(home.headers['content-type']).toBe('image/png');
      expect(await sharp(home.rawPayload).metadata()).toMatchObject({ format: 'png', width: 180, height: 180 });
    }
    // Asked for by name (a browser's guess): the same picture, kept briefly, revalidated by ETag.
    const bare = await get('/favicon.ico');
    expect(bare.statusCode).toBe(200);
    expect(bare.headers['cache-control']).toBe('public, max-age=300');
    // ICO: reserved 0, type 1, three PNG images (16, 32, 48).
    expect([bare.rawPayload.readUInt16LE(0), bare.rawPayload.readUInt16LE(2), bare.rawPayload.readUInt16LE(4)]).toEqual(
      [0, 1, 3],
    );
    const offset = bare.rawPayload.readUInt32LE(6 + 12);
    expect(await sharp(bare.rawPayload.subarray(offset)).metadata()).toMatchObject({ format: 'png', width: 16 });
    const again = await get('/favicon.ico', { 'if-none-match': String(bare.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('a rename reaches the share picture, its alt texts, the icons, the JSON-LD and every cached page', async () => {
    const before = await homeHead();
    const oldCard = metaContent(before, 'og:image');
    expect(local(oldCard)).toMatch(/^\/og-image\.png\?v=/);
    expect(metaContent(before, 'og:image:alt')).toBe(
      'Kovai Precision Machines — Precision capstan lathes, CNC turning centres, spare parts and service — Coimbatore, Tamil Nadu',
    );
    const oldBytes = (await get(local(oldCard))).rawPayload;
    expect(await sharp(oldBytes).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    const oldIcon = linkHref(before, 'icon');
    // Every page is rendered once and kept (the cache holds it until the settings change).
    for (const page of PAGES) await get(page);

    await saveCompany({ name: 'Sri Murugan <Lathes> & Co', tagline: 'Bar work & turret tooling' });

    const after = await homeHead();
    const newCard = metaContent(after, 'og:image');
    expect(newCard).not.toBe(oldCard);
    expect(metaContent(after, 'og:image:alt')).toBe('Sri Murugan <Lathes> & Co — Bar work & turret tooling');
    expect(metaContent(after, 'twitter:image:alt')).toBe('Sri Murugan <Lathes> & Co — Bar work & turret tooling');
    expect(metaContent(after, 'twitter:image')).toBe(newCard);
    const card = await get(local(newCard));
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    expect(card.rawPayload.equals(oldBytes)).toBe(false);
    // The old URL still answers (a crawler's cached page), with the current picture, not for a year.
    const stale = await get(local(oldCard));
    expect(stale.rawPayload.equals(card.rawPayload)).toBe(true);
    expect(stale.headers['cache-control']).toBe('public, max-age=300');

    // New initials, new icon URL and bytes.
    const newIcon = linkHref(after, 'icon');
    expect(newIcon).not.toBe(oldIcon);
    expect((await get(newIcon ?? '')).rawPayload.equals((await get(oldIcon ?? '')).rawPayload)).toBe(true);

    const organization = jsonLdBlocks(after).find((block) => block['@type'] === 'Organization');
    expect(organization?.name).toBe('Sri Murugan <Lathes> & Co');
    expect(local(organization?.logo as string)).toMatch(/^\/logo\.png\?v=/);
    const logo = await get(local(organization?.logo as string));
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({ format: 'png', width: 512, height: 512 });

    for (const page of PAGES) {
      const html = (await get(page)).body;
      expect(html, page).toContain('<meta property="og:site_name" content="Sri Murugan &lt;Lathes&gt; &amp; Co">');
      expect(linkHref(html, 'icon'), page).toBe(newIcon);
    }
  });

  it('the two-factor issuer is the company name as it is now', async () => {
    await saveCompany({ name: 'Coimbatore Turret: Works' });
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/totp/setup',
      payload: {},
      headers: bearer(token),
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const url = new URL(setup.json<TotpSetupResponse>().otpauthUrl);
    expect(url.searchParams.get('issuer')).toBe('Coimbatore Turret Works');
    // 'issuer:account', so the name's own colon is left out of the label.
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Coimbatore Turret Works:staff@example.com');
    expect(url.toString()).not.toContain('Kovai');
  });

  it('a logo upload becomes the favicon, the icons, the logo and part of the drawn card; kept when left out', async () => {
    const before = await homeHead();
    const logoUrl = await uploadOne(await pngImage(300, 100, '#c2410c'));
    const saved = await saveCompany({ logo: { url: logoUrl, width: 1, height: 1 } });
    // The size is the stored image's, not what was sent.
    expect(saved.logo).toEqual({ url: logoUrl, width: 300, height: 100 });
    expect((await publicCompany()).logo).toEqual(saved.logo);

    const after = await homeHead();
    for (const [key, read] of [
      ['icon', (html: string) => linkHref(html, 'icon')],
      ['apple-touch-icon', (html: string) => linkHref(html, 'apple-touch-icon')],
      ['og:image', (html: string) => metaContent(html, 'og:image')],
    ] as const) {
      expect(read(after), key).not.toBe(read(before));
    }
    const ico = (await get(linkHref(after, 'icon') ?? '')).rawPayload;
    const png48 = ico.subarray(ico.readUInt32LE(6 + 2 * 16 + 12));
    // The logo's orange (#c2410c, give or take WebP's rounding), not the initials' blue, mid-icon.
    const { data } = await sharp(png48).raw().toBuffer({ resolveWithObject: true });
    const middle = (24 * 48 + 24) * 4;
    [0xc2, 0x41, 0x0c].forEach((channel, index) =>
      expect(Math.abs((data[middle + index] ?? 0) - channel)).toBeLessThan(4),
    );

    // A copy without the fields (made before they existed) keeps both; the other fields change.
    const { logo: _logo, sharePicture: _share, ...without } = await adminCompany();
    const kept = await putCompany({ ...without, tagline: 'Capstans since 1998' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<CompanySettings>().logo).toEqual(saved.logo);
    expect(kept.json<CompanySettings>().tagline).toBe('Capstans since 1998');
  });

  it('a share picture replaces the card in og:image and twitter:image, cropped to 1200 × 630 JPEG', async () => {
    const photo = await uploadOne(await pngImage(1600, 1200, '#0f766e'), 'works.png');
    await saveCompany({ sharePicture: { url: photo } });
    const html = await homeHead();
    const og = metaContent(html, 'og:image');
    expect(local(og)).toMatch(/^\/share-picture\.jpg\?v=[\w-]{12}$/);
    expect(metaContent(html, 'twitter:image')).toBe(og);
    expect(metaContent(html, 'og:image:alt')).toBe('Coimbatore Turret: Works');
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    const picture = await get(local(og));
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(picture.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });

    // Removed (null): the drawn card again; without one, the photo address is a 404.
    await saveCompany({ sharePicture: null });
    expect(local(metaContent(await homeHead(), 'og:image'))).toMatch(/^\/og-image\.png\?v=/);
    const gone = await get('/share-picture.jpg');
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: expect.any(String) });
  });

  it.each([
    ['a logo that is not an upload of this site', { logo: { url: 'https://example.com/logo.png' } }, null],
    [
      'a logo upload that does not exist',
      { logo: { url: `/uploads/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.webp` } },
      LOGO_NOT_FOUND_MESSAGE,
    ],
    [
      'a share picture upload that does not exist',
      { sharePicture: { url: `/uploads/${'1'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.webp` } },
      SHARE_PICTURE_NOT_FOUND_MESSAGE,
    ],
    ['an unknown field in the logo', { logo: { url: '/uploads/x.webp', alt: 'no' } }, null],
  ])('refuses %s with 400 and saves nothing', async (_case, change, message) => {
    const before = await adminCompany();
    const response = await putCompany({ ...before, name: 'Not saved', ...change });
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json()).toEqual({ message });
    else expect(response.json<{ message: string }>().message).toBeTruthy();
    expect(await adminCompany()).toEqual(before);
  });

  it('refuses an item’s picture as the logo (deleting the item would delete it)', async () => {
    const part = await createPart(t, token, { name: 'Logo thief collet' }, [await pngFile('part.png', '#ca8a04')]);
    const before = await adminCompany();
    const response = await putCompany({ ...before, logo: { url: part.images[0] } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: LOGO_NOT_FOUND_MESSAGE });
    expect(await adminCompany()).toEqual(before);
  });

  it('a service cannot take the logo as its own', async () => {
    const { logo } = await adminCompany();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: bearer(token),
      payload: { name: 'Retrofit', description: 'CNC retrofit of capstan lathes', images: [logo?.url] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/site settings/);
    expect((await adminCompany()).logo).toEqual(logo);
  });

  it('the logo and share picture survive the unattached-upload sweep; their changes are audited', async () => {
    const photo = await uploadOne(await pngImage(800, 600, '#1d4ed8'), 'share.png');
    await saveCompany({ sharePicture: { url: photo } });
    const { logo } = await adminCompany();
    if (!logo) throw new Error('expected a logo');
    await sweepUnattachedImages(t.ctx, new Date(Date.now() + UNATTACHED_IMAGE_TTL_MS + 1000));
    expect(await isStored(t, logo.url)).toBe(true);
    expect(await isStored(t, photo)).toBe(true);

    await saveCompany({ logo: null });
    expect((await publicCompany()).logo).toBeNull();
    const activity = await get('/api/admin/activity', bearer(token));
    const entries = activity.json<AuditPage>().entries.filter((entry) => entry.action === 'site.company');
    expect(entries[0]?.changes).toEqual({
      'logo.url': { before: logo.url, after: null },
      'logo.width': { before: 300, after: null },
      'logo.height': { before: 100, after: null },
    });
    expect(entries[1]?.changes).toMatchObject({ 'sharePicture.url': { before: null, after: photo } });
  });
});
