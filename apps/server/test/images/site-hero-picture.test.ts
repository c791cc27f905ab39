import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditPage, HERO_PICTURE_ALT_MAX, type LandingContent, type PublicSiteSettings } from '@capstan/shared';
import { createBackup } from '../../src/modules/backup/create-backup';
import { restoreBackup } from '../../src/modules/backup/restore-backup';
import { UNATTACHED_IMAGE_TTL_MS, sweepUnattachedImages } from '../../src/modules/images/sweep-unattached';
import { HERO_PICTURE_NOT_FOUND_MESSAGE } from '../../src/modules/site/site-settings.service';
import { pngImage } from '../helpers/images';
import { createPart, pngFile, uploadImages } from '../helpers/items';
import { isStored } from '../helpers/storage';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';

/** The landing page's optional hero picture (decision 026), through the image pipeline. */

const landingOf = async (t: TestApp) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/site' });
  expect(response.statusCode).toBe(200);
  return response.json<PublicSiteSettings>().landing;
};
const putLanding = (t: TestApp, token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/site/landing', payload, headers: bearer(token) });
const uploadOne = async (t: TestApp, token: string, name: string, color: string) => {
  const [url] = await uploadImages(t, token, [await pngFile(name, color)]);
  if (!url) throw new Error('no upload URL');
  return url;
};
const imageRows = async (t: TestApp) =>
  (await t.ctx.db.selectFrom('images').select('id').execute()).map((row) => row.id).sort();
const idOf = (url: string) => path.basename(url, '.webp');

describe('the hero picture', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login();
  });
  afterAll(async () => t.close());

  it('is absent on a fresh database, and set from an upload with its stored size', async () => {
    const fresh = await landingOf(t);
    expect(fresh.hero.picture).toBeNull();

    const url = await uploadOne(t, token, 'works.png', '#0f766e');
    const saved = await putLanding(t, token, {
      ...fresh,
      hero: { ...fresh.hero, picture: { url, alt: 'The Coimbatore works floor' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The size comes from the stored image (the test PNG is 64 × 48), not from the request.
    const expected = { url, alt: 'The Coimbatore works floor', width: 64, height: 48 };
    expect(saved.json<LandingContent>().hero.picture).toEqual(expected);
    expect((await landingOf(t)).hero.picture).toEqual(expected);
  });

  it('read → change another field → write back keeps it, and a size sent back is the stored one', async () => {
    const before = await landingOf(t);
    const saved = await putLanding(t, token, {
      ...before,
      hero: { ...before.hero, heading: 'Capstan lathes since 1998', picture: { ...before.hero.picture, width: 9999 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await landingOf(t);
    expect(after.hero.heading).toBe('Capstan lathes since 1998');
    expect(after.hero.picture).toEqual(before.hero.picture);
  });

  it('a copy without the picture field (made before it existed) keeps the stored picture', async () => {
    const before = await landingOf(t);
    const { picture: _left, ...heroWithout } = before.hero;
    const saved = await putLanding(t, token, { ...before, hero: { ...heroWithout, text: 'Bar work up to 42 mm.' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await landingOf(t);
    expect(after.hero.text).toBe('Bar work up to 42 mm.');
    expect(after.hero.picture).toEqual(before.hero.picture);
  });

  it.each([
    ['an address that is not an upload of this site', () => ({ url: 'https://example.com/a.webp', alt: 'x' })],
    [
      'an upload that does not exist',
      () => ({ url: `/uploads/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.webp`, alt: 'A lathe' }),
    ],
    ['no description', (url: string) => ({ url, alt: '  ' })],
    ['an overlong description', (url: string) => ({ url, alt: 'x'.repeat(HERO_PICTURE_ALT_MAX + 1) })],
    ['an unknown field', (url: string) => ({ url, alt: 'A lathe', caption: 'no' })],
  ])('refuses %s with 400 and saves nothing', async (_case, pictureOf) => {
    const spare = await uploadOne(t, token, 'spare.png', '#7c3aed');
    const before = await landingOf(t);
    const response = await putLanding(t, token, {
      ...before,
      hero: { ...before.hero, heading: 'Not saved', picture: pictureOf(spare) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBeTruthy();
    expect(await landingOf(t)).toEqual(before);
  });

  it('refuses an image that belongs to an item (deleting the item would delete it)', async () => {
    const part = await createPart(t, token, { name: 'Hero thief collet' }, [await pngFile('part.png', '#ca8a04')]);
    const before = await landingOf(t);
    const response = await putLanding(t, token, {
      ...before,
      hero: { ...before.hero, picture: { url: part.images[0], alt: 'A collet' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: HERO_PICTURE_NOT_FOUND_MESSAGE });
    expect(await landingOf(t)).toEqual(before);
  });

  it('a service cannot take the hero picture as its own', async () => {
    const { picture } = (await landingOf(t)).hero;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: bearer(token),
      payload: { name: 'Retrofit', description: 'CNC retrofit of capstan lathes', images: [picture?.url] },
    });
    expect(response.statusCode).toBe(400);
    expect((await landingOf(t)).hero.picture).toEqual(picture);
  });

  it('is kept by the unattached-upload sweep; replaced, the old one is swept like any unclaimed upload', async () => {
    const first = (await landingOf(t)).hero.picture;
    if (!first) throw new Error('expected a hero picture');
    const abandoned = await uploadOne(t, token, 'abandoned.png', '#be123c');
    const later = new Date(Date.now() + UNATTACHED_IMAGE_TTL_MS + 1000);

    // A day later: the abandoned upload goes, the hero picture stays (all its sizes).
    const rowsBefore = await imageRows(t);
    const swept = await sweepUnattachedImages(t.ctx, later);
    expect(swept).toBeGreaterThanOrEqual(1);
    expect(await isStored(t, abandoned)).toBe(false);
    expect(await imageRows(t)).not.toContain(idOf(abandoned));
    expect(await imageRows(t)).toContain(idOf(first.url));
    expect(rowsBefore.length - (await imageRows(t)).length).toBe(swept);
    for (const suffix of ['', '-960', '-thumb']) {
      expect(await isStored(t, path.basename(first.url).replace('.webp', `${suffix}.webp`))).toBe(true);
    }
    expect((await t.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(200);

    // Replaced: the new one is kept, the old one is an unclaimed upload again.
    const second = await uploadOne(t, token, 'second.png', '#1d4ed8');
    const current = await landingOf(t);
    const replaced = await putLanding(t, token, {
      ...current,
      hero: { ...current.hero, picture: { url: second, alt: 'The new CNC bay' } },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await sweepUnattachedImages(t.ctx, later)).toBe(1);
    expect(await imageRows(t)).not.toContain(idOf(first.url));
    expect(await isStored(t, first.url)).toBe(false);
    expect(await isStored(t, second)).toBe(true);

    // Removed (null): it goes at the next sweep too, and the hero has no picture.
    const withSecond = await landingOf(t);
    const cleared = await putLanding(t, token, { ...withSecond, hero: { ...withSecond.hero, picture: null } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await landingOf(t)).hero.picture).toBeNull();
    expect(await sweepUnattachedImages(t.ctx, later)).toBe(1);
    expect(await isStored(t, second)).toBe(false);

    // A swept picture cannot be set again: 400, nothing saved.
    const afterSweep = await landingOf(t);
    const stale = await putLanding(t, token, {
      ...afterSweep,
      hero: { ...afterSweep.hero, picture: { url: second, alt: 'Gone' } },
    });
    expect(stale.statusCode).toBe(400);
    expect(await landingOf(t)).toEqual(afterSweep);
  });

  it('each change is audited as a landing save, with dotted fields', async () => {
    const url = await uploadOne(t, token, 'audited.png', '#15803d');
    const before = await landingOf(t);
    expect(
      (await putLanding(t, token, { ...before, hero: { ...before.hero, picture: { url, alt: 'Turret tooling' } } }))
        .statusCode,
    ).toBe(200);
    const withPicture = await landingOf(t);
    expect(
      (
        await putLanding(t, token, {
          ...withPicture,
          hero: { ...withPicture.hero, picture: { url, alt: 'Turret tooling, close up' } },
        })
      ).statusCode,
    ).toBe(200);

    const activity = await t.app.inject({ method: 'GET', url: '/api/admin/activity', headers: bearer(token) });
    const entries = activity.json<AuditPage>().entries.filter((entry) => entry.action === 'site.landing');
    const [altChange, added] = entries;
    expect(added?.changes).toEqual({
      'hero.picture.url': { before: null, after: url },
      'hero.picture.alt': { before: null, after: 'Turret tooling' },
      'hero.picture.width': { before: null, after: 64 },
      'hero.picture.height': { before: null, after: 48 },
    });
    expect(altChange?.changes).toEqual({
      'hero.picture.alt': { before: 'Turret tooling', after: 'Turret tooling, close up' },
    });
  });
});

describe('the hero picture in a backup (SQLite)', () => {
  let t: TestApp;
  let token: string;
  let work: string;

  beforeAll(async () => {
    // The archive and DATA_DIR are the subject; a bucket's backup is tested in image-store.test.ts.
    t = await createTestApp({ database: 'sqlite', images: 'local' });
    token = await t.login();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'capstan-hero-backup-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('an upload referenced only by the settings is archived and restored, and survives the sweep there', async () => {
    const url = await uploadOne(t, token, 'hero.png', '#0369a1');
    const landing = await landingOf(t);
    const saved = await putLanding(t, token, { ...landing, hero: { ...landing.hero, picture: { url, alt: 'Works' } } });
    expect(saved.statusCode, saved.body).toBe(200);

    const backup = await createBackup({
      dataDir: t.config.dataDir,
      images: t.ctx.images,
      databaseUrl: undefined,
      outFile: path.join(work, 'hero.tar.gz'),
    });
    expect(backup.missingImages).toEqual([]);
    const archived = backup.manifest.files.map((file) => file.path);
    for (const suffix of ['', '-960', '-thumb']) expect(archived).toContain(`uploads/${idOf(url)}${suffix}.webp`);

    const target = path.join(work, 'restored');
    await restoreBackup({ archive: backup.archive, dataDir: target, databaseUrl: undefined });
    const restored = await createTestApp({ database: 'sqlite', images: 'local', env: { DATA_DIR: target } });
    try {
      expect((await landingOf(restored)).hero.picture?.url).toBe(url);
      await sweepUnattachedImages(restored.ctx, new Date(Date.now() + UNATTACHED_IMAGE_TTL_MS + 1000));
      expect(fs.existsSync(path.join(target, 'uploads', path.basename(url)))).toBe(true);
      expect((await restored.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    } finally {
      await restored.close();
    }
  });
});

describe('the hero picture in the server-rendered landing page', () => {
  const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(webDist, 'index.html'))) {
      throw new Error('apps/web/dist is missing: run `npm run build` before the server tests');
    }
    t = await createTestApp({ webDistDir: webDist });
    token = await t.login();
  });
  afterAll(async () => t.close());

  /** The hero section of the page's own markup (the embedded data also holds the URL). */
  const heroOf = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const start = html.indexOf('<section id="home"');
    expect(start).toBeGreaterThan(-1);
    return html.slice(start, html.indexOf('</section>', start));
  };

  it('renders no picture until one is set, then an img with fetchpriority, srcset, sizes, width and height', async () => {
    expect(await heroOf()).not.toContain('<img');

    // Large enough for every stored size: 1600 × 1200, 960 × 720 and 480 × 360.
    const [url] = await uploadImages(t, token, [
      { name: 'works-floor.png', type: 'image/png', data: await pngImage(2000, 1500, '#334155') },
    ]);
    if (!url) throw new Error('no upload URL');
    const landing = await landingOf(t);
    const saved = await putLanding(t, token, {
      ...landing,
      hero: { ...landing.hero, picture: { url, alt: 'Capstan lathes & CNC bay' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const hero = await heroOf();
    const tag = /<img [^>]*>/.exec(hero)?.[0] ?? '';
    // HTML attribute names are case-insensitive (React writes fetchPriority, srcSet).
    const img = Object.fromEntries(
      [...tag.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map(([, k, v]) => [k!.toLowerCase(), v]),
    );
    const id = idOf(url);
    expect(img).toMatchObject({
      src: url,
      alt: 'Capstan lathes &amp; CNC bay',
      fetchpriority: 'high',
      loading: 'eager',
      srcset: `/uploads/${id}-thumb.webp 480w, /uploads/${id}-960.webp 960w, /uploads/${id}.webp 1600w`,
      width: '1600',
      height: '1200',
    });
    expect(img.sizes).toMatch(/^\(min-width: 1152px\) 440px, .+, calc\(100vw - 32px\)$/);
    // The text is still the heading of the page, before the picture.
    expect(hero.indexOf('<h1')).toBeLessThan(hero.indexOf('<img'));

    const cleared = await putLanding(t, token, { ...(await landingOf(t)), hero: { ...landing.hero, picture: null } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await heroOf()).not.toContain('<img');
  });
});
