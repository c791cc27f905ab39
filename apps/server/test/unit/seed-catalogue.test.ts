import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoCatalogue, type SeedPicture, type SeedSpecification } from '@capstan/demo-catalogue';
import {
  descriptionSchema,
  formatSpecification,
  itemCodeSchema,
  nameSchema,
  specificationListSchema,
} from '@capstan/shared';

const { machines, spareParts, services } = demoCatalogue;

interface AnyItem {
  kind: string;
  name: string;
  description: string;
  specifications: SeedSpecification[];
  pictures: SeedPicture[];
}

const allItems: AnyItem[] = [
  ...machines.map((m) => ({ kind: 'machine', ...m })),
  ...spareParts.map((p) => ({ kind: 'spare', ...p })),
  ...services.map((s) => ({ kind: 'service', ...s, specifications: s.specification })),
];

/** SPEC §7 chat figures: machines cost 15,00,000 to 45,00,000 rupees. */
const MACHINE_MIN = 1_500_000;
const MACHINE_MAX = 4_500_000;

const sentences = (text: string) => text.split(/(?<=[.!?])\s+/).filter((s) => s.trim() !== '');

describe('demo catalogue content', () => {
  it('has at least 6 machines, 24 spare parts and 5 services', () => {
    expect(machines.length).toBeGreaterThanOrEqual(6);
    expect(spareParts.length).toBeGreaterThanOrEqual(24);
    expect(services.length).toBeGreaterThanOrEqual(5);
  });

  it('features a few of each kind', () => {
    const featured = (items: { featured: boolean }[]) => items.filter((i) => i.featured).length;
    expect(featured(machines)).toBeGreaterThanOrEqual(2);
    expect(featured(machines)).toBeLessThanOrEqual(3);
    expect(featured(spareParts)).toBeGreaterThanOrEqual(3);
    expect(featured(spareParts)).toBeLessThanOrEqual(5);
    expect(featured(services)).toBe(2);
  });

  it('gives every machine specifications, features, the company as maker and sensible figures', () => {
    // The company's own make: no stored brand, so the pages show the company's current name.
    for (const m of machines) expect(m.brand, m.name).toBeNull();
    for (const m of machines) {
      expect(m.specifications.length, m.name).toBeGreaterThanOrEqual(6);
      expect(m.specifications.length, m.name).toBeLessThanOrEqual(10);
      expect(m.features.length, m.name).toBeGreaterThanOrEqual(4);
      expect(m.features.length, m.name).toBeLessThanOrEqual(6);
      for (const f of m.features) expect(f.trim().length, m.name).toBeGreaterThan(0);
      expect(m.rating, m.name).toBeGreaterThanOrEqual(4);
      expect(m.rating, m.name).toBeLessThanOrEqual(5);
      expect(Number.isInteger(m.reviewCount), m.name).toBe(true);
      expect(m.reviewCount, m.name).toBeGreaterThanOrEqual(5);
      expect(m.reviewCount, m.name).toBeLessThanOrEqual(150);
      expect(m.pictures.length, m.name).toBeGreaterThanOrEqual(3);
      expect(m.pictures.length, m.name).toBeLessThanOrEqual(4);
    }
  });

  it('prices machines in whole rupees within the published range', () => {
    expect(machines.filter((m) => m.price === null).length).toBeLessThanOrEqual(1);
    for (const m of machines) {
      for (const value of [m.price, m.originalPrice]) {
        if (value === null) continue;
        expect(Number.isInteger(value), m.name).toBe(true);
        expect(value, m.name).toBeGreaterThanOrEqual(MACHINE_MIN);
        expect(value, m.name).toBeLessThanOrEqual(MACHINE_MAX);
      }
      if (m.originalPrice !== null) {
        expect(m.price, m.name).not.toBeNull();
        expect(m.originalPrice, m.name).toBeGreaterThan(m.price ?? Infinity);
      }
    }
    expect(machines.some((m) => m.originalPrice !== null)).toBe(true);
    expect(machines.some((m) => m.price !== null && m.originalPrice === null)).toBe(true);
  });

  it('prices spare parts realistically and keeps their lists short', () => {
    for (const p of spareParts) {
      if (p.price !== null) {
        expect(Number.isInteger(p.price), p.name).toBe(true);
        expect(p.price, p.name).toBeGreaterThanOrEqual(500);
        expect(p.price, p.name).toBeLessThanOrEqual(150_000);
      }
      expect(p.specifications.length, p.name).toBeGreaterThanOrEqual(2);
      expect(p.specifications.length, p.name).toBeLessThanOrEqual(6);
      expect(p.pictures.length, p.name).toBeGreaterThanOrEqual(1);
      expect(p.pictures.length, p.name).toBeLessThanOrEqual(2);
    }
    expect(spareParts.some((p) => p.price === null)).toBe(true);
  });

  it('keeps service specification rows and pictures within limits', () => {
    for (const s of services) {
      expect(s.specification.length, s.name).toBeLessThanOrEqual(4);
      expect(s.pictures.length, s.name).toBeGreaterThanOrEqual(1);
      expect(s.pictures.length, s.name).toBeLessThanOrEqual(2);
    }
  });

  it('passes the shared field rules: lengths, unique case-insensitive keys, non-numeric names', () => {
    const names = new Set<string>();
    for (const item of allItems) {
      expect(nameSchema.safeParse(item.name).success, item.name).toBe(true);
      expect(descriptionSchema.safeParse(item.description).success, item.name).toBe(true);
      expect(specificationListSchema.safeParse(item.specifications).success, item.name).toBe(true);
      expect(names.has(item.name.toLowerCase()), `duplicate name ${item.name}`).toBe(false);
      names.add(item.name.toLowerCase());
      const keys = item.specifications.map((s) => s.key.trim().toLowerCase());
      expect(new Set(keys).size, item.name).toBe(keys.length);
      for (const row of item.specifications) {
        expect(row.key.length, item.name).toBeLessThanOrEqual(100);
        expect(row.value.length, item.name).toBeLessThanOrEqual(500);
        expect(row.key.trim(), item.name).not.toMatch(/^\d+$/);
        expect(formatSpecification(row).trim(), item.name).not.toBe('');
      }
      expect(item.pictures.length, item.name).toBeGreaterThanOrEqual(1);
      expect(item.pictures.length, item.name).toBeLessThanOrEqual(6);
      expect(item.description, item.name).not.toMatch(/lorem|ipsum/i);
    }
  });

  it('gives every item a code unique in its kind, machines a seeded category, parts 1–4 machines they fit', () => {
    for (const list of [machines, spareParts, services]) {
      const codes = list.map((item) => item.code.toLowerCase());
      expect(new Set(codes).size).toBe(codes.length);
      for (const item of list) expect(itemCodeSchema.safeParse(item.code).success, item.name).toBe(true);
    }
    const machineCodes = new Set(machines.map((m) => m.code));
    expect(new Set(machines.map((m) => m.category))).toEqual(new Set(['capstan-lathe', 'cnc-lathe', 'turret-lathe']));
    for (const part of spareParts) {
      expect(part.fits.length, part.name).toBeGreaterThanOrEqual(1);
      expect(part.fits.length, part.name).toBeLessThanOrEqual(4);
      for (const code of part.fits) expect(machineCodes.has(code), `${part.name} fits ${code}`).toBe(true);
    }
    // Every machine has parts, so "Spare parts for this machine" shows on each.
    for (const m of machines)
      expect(
        spareParts.some((p) => p.fits.includes(m.code)),
        m.name,
      ).toBe(true);
  });

  it('types the measurements buyers compare: bar capacity in mm, spindle speed in rpm, power in kW or HP, weight in kg', () => {
    const unitOf = (specs: SeedSpecification[], key: string) => specs.find((row) => row.key === key)?.unit;
    for (const m of machines) {
      expect(unitOf(m.specifications, 'Bar Capacity'), m.name).toBe('mm');
      expect(unitOf(m.specifications, 'Spindle Speed Range'), m.name).toBe('rpm');
      expect(['kW', 'HP'], m.name).toContain(unitOf(m.specifications, 'Main Motor Power'));
      expect(unitOf(m.specifications, 'Machine Weight'), m.name).toBe('kg');
    }
    expect(new Set(machines.map((m) => unitOf(m.specifications, 'Main Motor Power')))).toEqual(new Set(['kW', 'HP']));
    expect(spareParts.filter((p) => p.specifications.some((row) => row.number !== undefined)).length).toBeGreaterThan(
      20,
    );
  });

  it('describes machines in one to three sentences', () => {
    for (const m of machines) {
      const count = sentences(m.description).length;
      expect(count, m.name).toBeGreaterThanOrEqual(1);
      expect(count, m.name).toBeLessThanOrEqual(3);
    }
  });
});

describe('demo catalogue pictures', () => {
  const pictures = allItems.flatMap((item) =>
    item.pictures.map((draw, index) => ({ label: `${item.name} #${index + 1}`, draw })),
  );

  it('draws self-contained SVG without text, images or external references', () => {
    const seen = new Set<string>();
    for (const { label, draw } of pictures) {
      const svg = draw();
      expect(
        svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900"'),
        label,
      ).toBe(true);
      expect(svg, label).not.toMatch(/<text|<image|<foreignObject|href="http|xlink:href|@import/i);
      expect(svg.replaceAll('http://www.w3.org/2000/svg', ''), label).not.toMatch(/https?:/);
      // Only in-document paint servers and clip paths may be referenced.
      for (const match of svg.matchAll(/url\(([^)]*)\)/g)) expect(match[1], label).toMatch(/^#[\w-]+$/);
      expect(seen.has(svg), `${label} duplicates another picture`).toBe(false);
      seen.add(svg);
    }
  });

  it('renders every picture to 1200×900 pixels', { timeout: 120_000 }, async () => {
    // A few at a time: sharp renders on its own thread pool. Raw pixels: the drawing is what is
    // under test, not an encoder (the image pipeline's tests encode).
    const queue = [...pictures];
    const worker = async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        const { info } = await sharp(Buffer.from(next.draw())).raw().toBuffer({ resolveWithObject: true });
        expect([info.width, info.height], next.label).toEqual([1200, 900]);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
  });
});
