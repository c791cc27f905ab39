import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const serverSrc = path.join(repoRoot, 'apps/server/src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|js|mts)$/.test(entry.name) ? [full] : [];
  });
}

/** Ways SQL text gets built from strings instead of parameters. */
const FORBIDDEN: { name: string; pattern: RegExp }[] = [
  { name: 'sql.raw', pattern: /\bsql\s*\.\s*raw\b/ },
  { name: 'sql.lit (inlines a value)', pattern: /\bsql\s*\.\s*lit\b/ },
  { name: 'CompiledQuery.raw', pattern: /\bCompiledQuery\s*\.\s*raw\b/ },
  { name: 'a string concatenated onto a sql template', pattern: /\bsql`[^`]*`\s*\+|\+\s*sql`/ },
  { name: 'a template literal inside a sql template', pattern: /\bsql`[^`]*\$\{[^}]*`/ },
  { name: 'a sql template called as a function', pattern: /\bsql\s*\(\s*[`'"]/ },
];

describe('SQL is never built from strings', () => {
  it('no server source builds SQL text by hand', () => {
    const files = sourceFiles(serverSrc);
    expect(files.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      for (const { name, pattern } of FORBIDDEN) {
        if (pattern.test(text)) found.push(`${path.relative(repoRoot, file)}: ${name}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('the scan above would notice each forbidden form', () => {
    const samples = [
      'await sql.raw(`select * from items where id = ${id}`).execute(db);',
      'sql.lit(name)',
      'CompiledQuery.raw(text)',
      'const q = sql`select * from items where name = ` + name;',
      'sql`select ${`${column}`} from items`',
    ];
    for (const sample of samples)
      expect(
        FORBIDDEN.some(({ pattern }) => pattern.test(sample)),
        sample,
      ).toBe(true);
  });

  it('ESLint still forbids sql.raw in server code (the rule cannot silently disappear)', async () => {
    const eslint = new ESLint({ cwd: repoRoot });
    const fixture = [
      "import { type Kysely, sql } from 'kysely';",
      'export async function find(db: Kysely<Record<string, never>>, id: string) {',
      '  return sql.raw(`select * from items where id = ${id}`).execute(db);',
      '}',
      '',
    ].join('\n');
    const [result] = await eslint.lintText(fixture, { filePath: path.join(serverSrc, 'sql-raw-fixture.ts') });
    const messages = result?.messages ?? [];
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ruleId: 'no-restricted-syntax', message: 'sql.raw is forbidden: use parameters.' }),
      ]),
    );
    // The same code without sql.raw passes, so the error above is about sql.raw.
    const [clean] = await eslint.lintText(
      fixture.replace('sql.raw(`select * from items where id = ${id}`)', 'sql`select * from items where id = ${id}`'),
      {
        filePath: path.join(serverSrc, 'sql-raw-fixture.ts'),
      },
    );
    expect(clean?.messages.filter((m) => m.ruleId === 'no-restricted-syntax')).toEqual([]);
  });
});
