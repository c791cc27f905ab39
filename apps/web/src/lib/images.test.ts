import { describe, expect, it } from 'vitest';
import {
  CARD_MAX_EDGE,
  firstUsableImage,
  fitInside,
  IMAGE_LAYOUTS,
  imageOrPlaceholder,
  isUsableImage,
  loadingAttributes,
  PLACEHOLDER_IMAGES,
  responsiveAttributes,
  srcSetOf,
  uploadVariants,
  usableImages,
} from './images';

describe('image rules', () => {
  it('has two different placeholders', () => {
    expect(PLACEHOLDER_IMAGES.machine).toMatch(/placeholder-machine\.svg/);
    expect(PLACEHOLDER_IMAGES.part).toMatch(/placeholder-part\.svg/);
  });

  it('accepts http(s) URLs and root-relative /uploads/ paths', () => {
    expect(isUsableImage('https://cdn.example.com/a.jpg')).toBe(true);
    expect(isUsableImage('http://example.com/a.jpg')).toBe(true);
    expect(isUsableImage('/uploads/3f1c.webp')).toBe(true);
  });

  it('rejects everything else', () => {
    for (const value of [
      '',
      'a.jpg',
      'uploads/a.webp',
      '/images/a.jpg',
      '//evil.example/a.jpg',
      'data:image/png;base64,AA',
      null,
      undefined,
    ]) {
      expect(isUsableImage(value)).toBe(false);
    }
  });

  it('uses a single usable value or the placeholder of the given kind', () => {
    expect(imageOrPlaceholder('/uploads/a.webp')).toBe('/uploads/a.webp');
    expect(imageOrPlaceholder('a.jpg')).toBe(PLACEHOLDER_IMAGES.machine);
    expect(imageOrPlaceholder(null, 'part')).toBe(PLACEHOLDER_IMAGES.part);
  });

  it('picks the first usable entry of a list', () => {
    expect(firstUsableImage(['local.jpg', '/uploads/b.webp', 'https://x/c.jpg'])).toBe('/uploads/b.webp');
    expect(firstUsableImage(['local.jpg', null])).toBe(PLACEHOLDER_IMAGES.machine);
    expect(firstUsableImage([], 'part')).toBe(PLACEHOLDER_IMAGES.part);
    expect(firstUsableImage(undefined)).toBe(PLACEHOLDER_IMAGES.machine);
  });

  it('filters a list down to usable entries, keeping order', () => {
    expect(usableImages(['https://x/a.jpg', 'b.jpg', '/uploads/c.webp'])).toEqual([
      'https://x/a.jpg',
      '/uploads/c.webp',
    ]);
    expect(usableImages(null)).toEqual([]);
  });
});

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('stored sizes and srcset', () => {
  it('fits a size inside an edge like the server, never enlarging', () => {
    expect(fitInside({ width: 1600, height: 1067 }, 960)).toEqual({ width: 960, height: 640 });
    expect(fitInside({ width: 900, height: 1200 }, 480)).toEqual({ width: 360, height: 480 });
    expect(fitInside({ width: 300, height: 200 }, 960)).toEqual({ width: 300, height: 200 });
  });

  it('derives the three stored URLs from any of an upload’s URLs, and none for other URLs', () => {
    const urls = [`/uploads/${ID}-thumb.webp`, `/uploads/${ID}-960.webp`, `/uploads/${ID}.webp`];
    for (const url of urls) expect(uploadVariants(url)?.map((variant) => variant.url)).toEqual(urls);
    expect(uploadVariants(`/uploads/${ID}.webp`, { width: 1200, height: 1600 })).toEqual([
      { url: urls[0], width: 360, height: 480 },
      { url: urls[1], width: 720, height: 960 },
      { url: urls[2], width: 1200, height: 1600 },
    ]);
    expect(uploadVariants('https://cdn.example.com/a.webp')).toBeNull();
    expect(uploadVariants('/uploads/photo.webp')).toBeNull();
    expect(uploadVariants(PLACEHOLDER_IMAGES.machine)).toBeNull();
  });

  it('lists w descriptors small to large, capped by edge, without repeated widths', () => {
    const nominal = uploadVariants(`/uploads/${ID}.webp`);
    expect(srcSetOf(nominal)).toBe(
      `/uploads/${ID}-thumb.webp 480w, /uploads/${ID}-960.webp 960w, /uploads/${ID}.webp 1600w`,
    );
    expect(srcSetOf(nominal, CARD_MAX_EDGE)).toBe(`/uploads/${ID}-thumb.webp 480w, /uploads/${ID}-960.webp 960w`);
    // A tall picture's large file is 900 px wide but 1600 px tall: still too big for a card.
    expect(srcSetOf(uploadVariants(`/uploads/${ID}.webp`, { width: 900, height: 1600 }), CARD_MAX_EDGE)).toBe(
      `/uploads/${ID}-thumb.webp 270w, /uploads/${ID}-960.webp 540w`,
    );
    // A small picture is stored three times at one size: no choice, no srcset.
    expect(srcSetOf(uploadVariants(`/uploads/${ID}.webp`, { width: 300, height: 200 }))).toBeUndefined();
    expect(srcSetOf(null)).toBeUndefined();
  });

  it('gives srcset and sizes only to uploads, preferring the sizes the API sent', () => {
    expect(responsiveAttributes('https://cdn.example.com/a.jpg', 'featuredCard')).toEqual({});
    expect(responsiveAttributes(`/uploads/${ID}.webp`, 'featuredCard')).toEqual({
      srcSet: `/uploads/${ID}-thumb.webp 480w, /uploads/${ID}-960.webp 960w`,
      sizes: IMAGE_LAYOUTS.featuredCard.sizes,
    });
    const variants = [
      { url: '/uploads/a-thumb.webp', width: 480, height: 319 },
      { url: '/uploads/a-960.webp', width: 960, height: 638 },
      { url: '/uploads/a.webp', width: 1600, height: 1064 },
    ];
    expect(responsiveAttributes('/uploads/a.webp', 'detailsMain', { variants }).srcSet).toBe(
      '/uploads/a-thumb.webp 480w, /uploads/a-960.webp 960w, /uploads/a.webp 1600w',
    );
  });

  it('keeps a phone at 390 px and DPR 3 on the 960 px file for landing and catalogue cards', () => {
    // The card is 390 − 32 = 358 CSS px wide there: 1,074 device px, above every card candidate.
    for (const layout of ['featuredCard', 'catalogueGrid'] as const) {
      expect(IMAGE_LAYOUTS[layout].sizes.endsWith('calc(100vw - 32px)')).toBe(true);
      const widths = (responsiveAttributes(`/uploads/${ID}.webp`, layout).srcSet ?? '')
        .split(', ')
        .map((candidate) => Number(candidate.split(' ')[1]?.replace('w', '')));
      expect(Math.max(...widths)).toBe(960);
    }
  });

  it('loads priority pictures eagerly with high priority, the rest lazily', () => {
    expect(loadingAttributes(true)).toEqual({ loading: 'eager', fetchPriority: 'high' });
    expect(loadingAttributes(false)).toEqual({ loading: 'lazy', decoding: 'async' });
  });
});
