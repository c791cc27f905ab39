import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

/** Relative value imports (type-only imports vanish at run time, so they cannot form a loading cycle). */
const RELATIVE_IMPORT = /^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+'(\.[^']+)'/gm;

function importGraph(root: string): Map<string, string[]> {
  const files = fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(root, file));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const match of fs.readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const base = path.resolve(path.dirname(file), match[1] ?? '');
      const target = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
        (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
      );
      if (target) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Every cycle's files, found by depth-first search (one cycle per back edge). */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push(stack.slice(stack.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found.map((cycle) => cycle.map((file) => path.relative(serverSrc, file)));
}

describe('server modules', () => {
  it('import each other without cycles (auth.service and two-factor-login once did)', () => {
    expect(cycles(importGraph(serverSrc))).toEqual([]);
  });
});
