import type { z } from 'zod';

/**
 * Bad input for any shared schema, built from the schema itself, so a test can hear every refusal
 * a form or route gives without a hand-written case per field. Each mode breaks every leaf the
 * same way: `missing` sends nothing, `empty` sends empty texts and lists, `blank` one empty entry
 * per list, `long` overlong texts and huge numbers, `overfull` more list entries than allowed,
 * `wrong` the wrong types. Refinements that need a particular combination are not reached; the
 * catalogue test reads those from the schemas' sources.
 */
export type ProbeMode = 'missing' | 'empty' | 'blank' | 'long' | 'overfull' | 'wrong';

interface Def {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  format?: string;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const LONG_TEXT = 'x'.repeat(6000);
/** More entries than any list of the shared schemas allows, but for the featured order's 1000. */
const LONG_LIST = 60;

export function probeInput(schema: z.ZodType, mode: ProbeMode): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
      return mode === 'missing' ? undefined : probeInput(def.innerType as z.ZodType, mode);
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return probeInput(def.innerType as z.ZodType, mode);
    case 'pipe': {
      // A preprocess is a transform piped into the schema that checks: probe that one.
      const first = def.in as z.ZodType;
      return probeInput(defOf(first).type === 'transform' ? (def.out as z.ZodType) : first, mode);
    }
    case 'union': {
      const options = (def.options ?? []).filter((option) => defOf(option).type !== 'literal');
      return options.length > 0 ? probeInput(options[0] as z.ZodType, mode) : undefined;
    }
    case 'object':
      if (mode === 'missing') return {};
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, field]) => [key, probeInput(field, mode)]));
    case 'array': {
      if (mode === 'missing' || mode === 'empty') return [];
      const entry = probeInput(def.element as z.ZodType, mode);
      return Array.from({ length: mode === 'overfull' ? LONG_LIST : 1 }, () => entry);
    }
    case 'record':
      if (mode === 'missing' || mode === 'empty') return {};
      return Object.fromEntries(
        Array.from({ length: mode === 'overfull' ? LONG_LIST : 1 }, (_, index) => [
          mode === 'long' ? LONG_TEXT : mode === 'blank' ? '' : `${index}`,
          probeInput(def.valueType as z.ZodType, mode),
        ]),
      );
    case 'string':
      if (mode === 'wrong') return 5;
      if (mode === 'missing') return undefined;
      return mode === 'long' ? LONG_TEXT : mode === 'overfull' ? 'x' : '';
    case 'number':
      if (mode === 'wrong') return 'x';
      if (mode === 'missing') return undefined;
      return mode === 'long' ? 1e15 : -0.5;
    case 'boolean':
      return mode === 'wrong' ? 'x' : undefined;
    case 'enum':
      return mode === 'missing' ? undefined : 'not-one-of-them';
    case 'undefined':
      return 'x';
    default:
      return undefined;
  }
}

/** Every refusal `schema` gives to the four kinds of bad input. */
export function refusalsOf(schema: z.ZodType): string[] {
  const found = new Set<string>();
  for (const mode of ['missing', 'empty', 'blank', 'long', 'overfull', 'wrong'] as const) {
    const result = schema.safeParse(probeInput(schema, mode));
    result.error?.issues.forEach((issue) => found.add(issue.message));
  }
  return [...found];
}
