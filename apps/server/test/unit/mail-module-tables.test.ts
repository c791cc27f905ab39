import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const mailModule = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/modules/mail');

/** Every table a file's Kysely calls name: `selectFrom('items')`, `updateTable('outbox')`, … */
const TABLE_CALL = /\b(?:selectFrom|updateTable|insertInto|deleteFrom)\(\s*'([a-z_]+)'/g;

describe('the mail module', () => {
  // The catalogue's items are read through the catalogue module (its repository holds their SQL),
  // so a change to how items are stored never has to look inside the mail module.
  it('queries no table but its outbox', () => {
    const tables = new Map<string, string[]>();
    for (const file of fs.readdirSync(mailModule).filter((name) => name.endsWith('.ts'))) {
      for (const match of fs.readFileSync(path.join(mailModule, file), 'utf8').matchAll(TABLE_CALL)) {
        const table = match[1] ?? '';
        tables.set(table, [...(tables.get(table) ?? []), file]);
      }
    }
    expect(tables.has('outbox')).toBe(true);
    expect(Object.fromEntries([...tables].filter(([table]) => table !== 'outbox'))).toEqual({});
  });
});
