import { describe, expect, it } from 'vitest';
import {
  IMPORT_COLUMN_HELP,
  IMPORT_COLUMNS,
  IMPORT_FIELDS_BY_KIND,
  ITEM_FIELDS,
  type ItemFieldDefinition,
  type ItemFieldKind,
  machineInputSchema,
  machineUpdateSchema,
  serviceInputSchema,
  serviceUpdateSchema,
  sparePartInputSchema,
  sparePartUpdateSchema,
} from '@capstan/shared';
import { z } from 'zod';

/** The keys of a payload schema's object, through its refinements and transforms. */
function schemaKeys(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return schemaKeys(schema.in as z.ZodType);
  throw new Error('not an object schema');
}

const SCHEMAS: Record<ItemFieldKind, { create: z.ZodType; update: z.ZodType }> = {
  machine: { create: machineInputSchema, update: machineUpdateSchema },
  spare: { create: sparePartInputSchema, update: sparePartUpdateSchema },
  service: { create: serviceInputSchema, update: serviceUpdateSchema },
};

const tableKeys = (kind: ItemFieldKind) =>
  (ITEM_FIELDS[kind] as readonly ItemFieldDefinition[]).flatMap((f) => f.schemaKeys).sort();

describe('the field table of each item kind (decision 061)', () => {
  for (const kind of Object.keys(SCHEMAS) as ItemFieldKind[]) {
    // A field the schema takes but the table leaves out would be validated, then silently dropped
    // by the mapper, the patch, the audit trail or the import; one the table names but the schema
    // does not would be refused.
    it(`lists exactly the keys of the ${kind} create and update schemas`, () => {
      expect(schemaKeys(SCHEMAS[kind].create).sort()).toEqual(tableKeys(kind));
      expect(schemaKeys(SCHEMAS[kind].update).sort()).toEqual(tableKeys(kind));
    });

    it(`names each ${kind} field once, with a label`, () => {
      const fields = ITEM_FIELDS[kind] as readonly ItemFieldDefinition[];
      expect(new Set(fields.map((f) => f.key)).size).toBe(fields.length);
      for (const f of fields) expect(f.label.trim(), f.key).not.toBe('');
    });
  }

  it('gives every file column a heading of its own and help', () => {
    const headings = Object.values(IMPORT_COLUMNS);
    expect(new Set(headings).size).toBe(headings.length);
    for (const field of Object.values(IMPORT_FIELDS_BY_KIND).flat()) {
      expect(IMPORT_COLUMNS[field], field).toBe(IMPORT_COLUMNS[field].toLowerCase());
      expect(IMPORT_COLUMN_HELP[field], field).not.toBe('');
    }
  });

  it('keeps the import file columns of each kind in their order', () => {
    expect(IMPORT_FIELDS_BY_KIND).toEqual({
      machines: [
        'id',
        'code',
        'name',
        'description',
        'category',
        'brand',
        'price',
        'originalPrice',
        'features',
        'availability',
        'leadTimeWeeks',
        'warrantyMonths',
        'hsnCode',
        'gstRate',
      ],
      'spare-parts': [
        'id',
        'code',
        'name',
        'description',
        'price',
        'fits',
        'availability',
        'leadTimeWeeks',
        'warrantyMonths',
        'hsnCode',
        'gstRate',
      ],
      services: ['id', 'code', 'name', 'description', 'hsnCode', 'gstRate'],
    });
  });
});
