import path from 'node:path';
import type { Preset } from './lighthouse';

export interface BenchOptions {
  quick: boolean;
  /** Spare parts for the "at scale" figures (API list and catalogue screen). */
  sparePartsLarge: number;
  /** Spare parts for the smaller API list figure. */
  sparePartsSmall: number;
  outFile: string;
  webDistDir: string;
  /** Lighthouse runs per page and preset. */
  lighthouseRuns: number;
  /**
   * Runs of the landing page and its static limit, in turns, per preset: more than the other
   * pages, because their TBTs are a few milliseconds each, jump between runs and are compared.
   */
  landingRuns: Record<Preset, number>;
  autocannonSeconds: number;
  concurrencies: number[];
  catalogueRepetitions: number;
}

export function parseArgs(argv: readonly string[], repoRoot: string): BenchOptions {
  const quick = argv.includes('--quick');
  const valueOf = (flag: string): string | undefined => {
    const index = argv.indexOf(flag);
    if (index === -1) return undefined;
    const value = argv[index + 1];
    if (value === undefined || value.startsWith('--')) throw new Error(`${flag} needs a value`);
    return value;
  };
  const known = new Set(['--quick', '--spare-parts', '--out', '--web-dist']);
  for (const arg of argv) {
    if (arg.startsWith('--') && !known.has(arg)) throw new Error(`Unknown option ${arg}`);
  }

  const partsArg = valueOf('--spare-parts');
  const large = partsArg === undefined ? (quick ? 200 : 25_000) : Number(partsArg);
  if (!Number.isInteger(large) || large < 1) throw new Error('--spare-parts must be a positive whole number');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return {
    quick,
    sparePartsLarge: large,
    sparePartsSmall: Math.min(large, quick ? large : 2_500),
    outFile: path.resolve(valueOf('--out') ?? path.join(repoRoot, 'bench-results', `bench-${stamp}.json`)),
    webDistDir: path.resolve(valueOf('--web-dist') ?? path.join(repoRoot, 'apps/web/dist')),
    lighthouseRuns: quick ? 1 : 3,
    landingRuns: quick ? { mobile: 3, desktop: 3 } : { mobile: 9, desktop: 5 },
    autocannonSeconds: quick ? 2 : 10,
    concurrencies: quick ? [10] : [10, 100],
    catalogueRepetitions: quick ? 2 : 10,
  };
}
