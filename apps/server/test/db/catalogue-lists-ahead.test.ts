import { afterAll, beforeAll, expect, it } from 'vitest';
import { catalogueListIndexes } from '../../src/modules/catalogue/catalogue-list-indexes';
import { prepareCatalogueLists } from '../../src/modules/catalogue/catalogue-lists';
import { readCatalogueRevision } from '../../src/modules/catalogue/catalogue-revision.repository';
import { usesSearchTables } from '../../src/modules/catalogue/catalogue-search.repository';
import { createPart } from '../helpers/items';
import { createTestApp, type TestApp } from '../helpers/test-app';

// What a started server does before its first visitor (main.ts): the first list and the first
// search are then answered from indexes already made, not read in that visitor's request.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const token = await t.login();
  await createPart(t, token, { name: 'Spindle bearing', code: 'SB-1' });
});

afterAll(() => t.close());

it('reads the in-memory lists and makes their search indexes ahead of the first request; PostgreSQL answers its own', async () => {
  const db = t.database.db;
  const indexes = catalogueListIndexes(db);
  expect(indexes.spares.current).toBeNull();
  await prepareCatalogueLists(db);
  if (usesSearchTables(db)) {
    // No process holds a copy of the catalogue on PostgreSQL (decision 069): nothing to read ahead.
    expect(indexes.spares.current).toBeNull();
    return;
  }
  const revision = await readCatalogueRevision(db);
  for (const list of [indexes.spares, indexes.machines, indexes.services]) {
    expect(list.current?.revision).toBe(revision);
    expect(list.current?.index.searchPrepared).toBe(true);
  }
  expect(indexes.spares.current?.index.size).toBe(1);
});
