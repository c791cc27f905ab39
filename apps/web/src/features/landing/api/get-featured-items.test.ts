import { describe, expect, it } from 'vitest';
import { buildMachine, buildService, buildSparePart } from '@/testing/fixtures';
import { mergeFeatured } from './get-featured-items';

const machines = ['M1', 'M2', 'M3', 'M4', 'M5', 'M6', 'M7'].map((name) => buildMachine({ id: name, name }));
const parts = [buildSparePart({ id: 'P1', name: 'P1' })];
const services = [buildService({ id: 'S1', name: 'S1' }), buildService({ id: 'S2', name: 'S2' })];
const names = (items: { name: string }[]) => items.map((item) => item.name);

describe('mergeFeatured (the landing page featured six)', () => {
  it('without placements: machines, then spare parts, then services, first 6 (SPEC §7)', () => {
    expect(names(mergeFeatured(machines, parts, services))).toEqual(['M1', 'M2', 'M3', 'M4', 'M5', 'M6']);
  });

  it("puts staff's placed items first in their order, then the rest in the merged order", () => {
    const placedService = { ...services[1]!, featuredPosition: 0 };
    const placedPart = { ...parts[0]!, featuredPosition: 2 };
    const placedMachine = { ...machines[6]!, featuredPosition: 1 };
    const result = mergeFeatured([...machines.slice(0, 6), placedMachine], [placedPart], [services[0]!, placedService]);
    expect(names(result)).toEqual(['S2', 'M7', 'P1', 'M1', 'M2', 'M3']);
    expect(result.map((item) => item.type)).toEqual(['service', 'machine', 'spare', 'machine', 'machine', 'machine']);
  });

  it('treats a null position like no position', () => {
    const result = mergeFeatured(
      machines.slice(0, 2).map((m) => ({ ...m, featuredPosition: null })),
      [],
      [{ ...services[0]!, featuredPosition: 0 }],
    );
    expect(names(result)).toEqual(['S1', 'M1', 'M2']);
  });
});
