import { describe, expect, it } from 'vitest';
import { firstUsableImage, imageOrPlaceholder, isUsableImage, PLACEHOLDER_IMAGES, usableImages } from './images';

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
