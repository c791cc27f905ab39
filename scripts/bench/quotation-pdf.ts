import { spawn } from 'node:child_process';
import path from 'node:path';
import { track } from './processes';
import { median, percentile } from './stats';

/**
 * Issue 39's "quotation PDF with 50 lines, cold": renderQuotationPdf called directly in fresh
 * processes (quotation-pdf-render.ts), one sample each. Cold is the first render in a process
 * whose fonts are read, as a server's are once it has served anything: it pays for the PDF
 * library's and the shaper's first run and for the fonts' tables being decoded on first use.
 */
export interface QuotationPdfFigures {
  lines: number;
  /** The first render in each fresh process. */
  coldMs: number[];
  coldP50Ms: number | null;
  coldP99Ms: number | null;
  coldMaxMs: number | null;
  /** The process's CPU time over its first render (median): what a busy machine's wall clock hides. */
  coldCpuMedianMs: number | null;
  /** Reading the Latin fonts before it, in the same processes. */
  fontsMedianMs: number | null;
  /** Renders after the first, in the same processes. */
  warmMedianMs: number | null;
  bytes: number | null;
  pages: number | null;
  method: string;
}

export const QUOTATION_PDF_LINES = 50;

interface Sample {
  fontsMs: number;
  coldMs: number;
  coldCpuMs: number;
  warmMs: number[];
  bytes: number;
  pages: number;
}

function sample(repoRoot: string): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const child = track(
      spawn(process.execPath, ['--import', 'tsx', path.join('scripts', 'bench', 'quotation-pdf-render.ts')], {
        cwd: repoRoot,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NODE_ENV: 'production' },
      }),
    );
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-4000)));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`quotation-pdf-render.ts exited with ${code}:\n${err}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as Sample);
      } catch (error) {
        reject(new Error(`quotation-pdf-render.ts printed no figures (${String(error)}):\n${out}\n${err}`));
      }
    });
  });
}

export async function measureQuotationPdf(options: {
  repoRoot: string;
  quick: boolean;
  log: (message: string) => void;
}): Promise<QuotationPdfFigures> {
  const runs = options.quick ? 6 : 30;
  options.log(`quotation PDF, ${QUOTATION_PDF_LINES} lines: ${runs} fresh processes, one cold render each`);
  const samples: Sample[] = [];
  // One after another: each sample is one render alone on the machine.
  for (let run = 0; run < runs; run += 1) samples.push(await sample(options.repoRoot));
  const coldMs = samples.map((s) => s.coldMs);
  return {
    lines: QUOTATION_PDF_LINES,
    coldMs,
    coldP50Ms: percentile(coldMs, 50),
    coldP99Ms: percentile(coldMs, 99),
    coldMaxMs: coldMs.length > 0 ? Math.max(...coldMs) : null,
    coldCpuMedianMs: median(samples.map((s) => s.coldCpuMs)),
    fontsMedianMs: median(samples.map((s) => s.fontsMs)),
    warmMedianMs: median(samples.flatMap((s) => s.warmMs)),
    bytes: samples[0]?.bytes ?? null,
    pages: samples[0]?.pages ?? null,
    method:
      `renderQuotationPdf on a ${QUOTATION_PDF_LINES}-line inter-state quotation (one line of ₹1 crore, freight, ` +
      'bank details and UPI QR code), called directly in a new Node process per sample (node --import tsx, ' +
      'NODE_ENV=production): the fonts read and the start-up warm-up (a one-line quotation, as main.ts renders after start) run first, then this quotation’s first render timed (cold), then 5 more (warm).',
  };
}
