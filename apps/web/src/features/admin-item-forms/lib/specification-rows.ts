export interface SpecificationRow {
  id: string;
  key: string;
  value: string;
}

export interface Specification {
  key: string;
  value: string;
}

let sequence = 0;

export function newSpecificationRow(key = '', value = ''): SpecificationRow {
  sequence += 1;
  return { id: `spec-${sequence}`, key, value };
}

/** The ordered list if the server sent one, else the map's entries. */
export function specificationsOf(
  list: readonly Specification[] | null | undefined,
  map: Record<string, string> | null | undefined,
): Specification[] {
  if (list && list.length > 0) return list.map(({ key, value }) => ({ key, value }));
  return Object.entries(map ?? {}).map(([key, value]) => ({ key, value }));
}

/** SPEC §5: a specification is complete when key and value are both non-blank after trimming. */
export function completeSpecifications(rows: readonly Specification[]): Specification[] {
  return rows
    .map((row) => ({ key: row.key.trim(), value: row.value.trim() }))
    .filter((row) => row.key !== '' && row.value !== '');
}
