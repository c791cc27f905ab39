import fs from 'node:fs/promises';
import path from 'node:path';
import type { PageBundle } from './bundle';
import type { CatalogueFigures } from './catalogue';
import type { ImportFigures } from './import-rows';
import { FIRST_START_BUDGET_MS, type FirstStartFigures } from './first-start';
import type { HomePageFigures } from './home-page';
import { homePageBudgets, homePageSection, WORDPRESS_SPEED_INDEX_MS } from './home-page-report';
import { languageBudgets, type LanguagePageFigures } from './languages';
import type { LighthouseFigures } from './lighthouse';
import type { LoadFigures } from './api';
import type { LoadMixFigures } from './load-mix';
import { loadMixBudgets, loadMixSection } from './load-mix-report';
import type { OverloadGuardFigures } from './load-shedding';
import { overloadGuardBudgets, overloadGuardSection } from './load-shedding-report';
import { type BudgetRow, budgetTable, printSection, table } from './report-format';
import { type DatabaseRestartFigures, databaseRestartBudgets, databaseRestartSection } from './database-restart';
import {
  type PostgresCatalogueFigures,
  postgresCatalogueBudgets,
  postgresCatalogueSection,
} from './postgres-catalogue';
import { type QuotationFigures, quotationBudgets, quotationSection } from './quotation-report';
import type { ScaleOutFigures } from './scale-out';
import { type InstalledBaseFigures, installedBaseBudgets, installedBaseSection } from './installed-base-report';
import {
  type ServiceRemindersFigures,
  serviceRemindersBudgets,
  serviceRemindersSection,
} from './service-reminders-report';
import { scaleOutSection } from './scale-out-report';
import type { SpecSheetFigures } from './spec-sheet';
import { specSheetBudgets, specSheetSection } from './spec-sheet-report';
import { type SearchAtScaleFigures, searchAtScaleBudgets, searchAtScaleSection } from './search-scale';
import { type ReadsUnderEditsFigures, readsUnderEditsBudgets, readsUnderEditsSection } from './reads-under-edits';
import { ratio } from './stats';
import { speedIndexVerdict } from './speed-index-verdict';

export interface BenchReport {
  startedAt: string;
  finishedAt: string;
  options: Record<string, unknown>;
  environment: { node: string; platform: string; cpus: number };
  bundle: { adminChunkSource: string; adminChunks: string[]; publicLoadsNoAdminChunk: boolean; pages: PageBundle[] };
  firstStart: FirstStartFigures;
  landingTransfer390: { bytes: number; requests: number };
  staticLanding: { url: string; source: string };
  /** `limitWithoutOverlay`: the static limit without the arrival overlay (full run only). */
  lighthouse: {
    ours: LighthouseFigures[];
    limit: LighthouseFigures[];
    limitWithoutOverlay: LighthouseFigures[];
    /** Mobile runs of `/` and a product page while every core also runs a spinning process. */
    busy: LighthouseFigures[];
  };
  api: { ours: LoadFigures[]; limit: LoadFigures[]; inquiryMethod: string };
  homePage: HomePageFigures;
  languages: LanguagePageFigures;
  specSheets: SpecSheetFigures;
  quotations: QuotationFigures;
  serviceReminders: ServiceRemindersFigures;
  installedBase: InstalledBaseFigures;
  catalogue: CatalogueFigures;
  searchAtScale: SearchAtScaleFigures;
  readsUnderEdits: ReadsUnderEditsFigures;
  importRows: ImportFigures;
  overloadGuard: OverloadGuardFigures;
  loadMix: LoadMixFigures;
  scaleOut: ScaleOutFigures;
  databaseRestart: DatabaseRestartFigures;
  postgresCatalogue: PostgresCatalogueFigures;
  budgets: BudgetRow[];
  warnings: string[];
}

/** Issue 36: Lighthouse mobile main-thread work and blocking time on a page, medians of its runs. */
const MAIN_THREAD_BUDGET_MS = 2000;
const TBT_BUDGET_MS = 150;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const fixed = (value: number | null, digits = 0) => (value === null ? 'n/a' : value.toFixed(digits));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const runList = (values: readonly number[]) => values.map((value) => value.toFixed(0)).join(', ');

function row(
  budget: string,
  value: number | null,
  limit: number,
  show: (v: number) => string,
  atMost = true,
): BudgetRow {
  return {
    budget,
    value: value === null ? 'n/a' : show(value),
    limit: `${atMost ? '≤' : '≥'} ${show(limit)}`,
    pass: value === null ? null : atMost ? value <= limit : value >= limit,
  };
}

/**
 * "Ours ≤ factor × the limit's": the ratio is shown, and where the limit is 0 (a page without
 * script often blocks for 0 ms) the two figures are, since ours then passes only at 0 as well.
 */
function withinFactor(budget: string, ours: number | null, limit: number | null, factor: number): BudgetRow {
  if (ours === null || limit === null) return { budget, value: 'n/a', limit: `≤ ${factor.toFixed(2)}×`, pass: null };
  const value = limit === 0 ? `${ours.toFixed(0)} vs 0 ms` : `${(ours / limit).toFixed(2)}×`;
  return { budget, value, limit: `≤ ${factor.toFixed(2)}×`, pass: ours <= factor * limit };
}

export function budgets(report: Omit<BenchReport, 'budgets' | 'finishedAt'>): BudgetRow[] {
  const rows: BudgetRow[] = [];
  const slowestStart = report.firstStart.firstStartMs.length > 0 ? Math.max(...report.firstStart.firstStartMs) : null;
  rows.push(
    row('npm start, empty DATA_DIR → first 200 on / (slowest run)', slowestStart, FIRST_START_BUDGET_MS, seconds),
  );
  const home = report.bundle.pages.find((page) => page.route === '/');
  if (home) {
    rows.push(row('JS loaded by / (gzip)', home.jsGzipBytes, 150 * 1024, kb));
    rows.push(row('CSS loaded by / (gzip)', home.cssGzipBytes, 25 * 1024, kb));
  }
  const product = report.bundle.pages.find((page) => page.route.startsWith('/product/'));
  if (product) {
    rows.push(...languageBudgets(report.languages, report.bundle.pages, product.route.slice('/product/'.length)));
  }
  rows.push({
    budget: 'public routes load no admin chunk',
    value: String(report.bundle.publicLoadsNoAdminChunk),
    limit: 'true',
    pass: report.bundle.publicLoadsNoAdminChunk,
  });
  for (const lh of report.lighthouse.ours) {
    const label = `${new URL(lh.url).pathname} ${lh.preset}`;
    // Issue 36: 100 in every category, as accessibility, best practices and SEO already were.
    rows.push(row(`Lighthouse performance ${label}`, lh.performance, 100, (v) => fixed(v), false));
    rows.push(row(`Lighthouse accessibility ${label}`, lh.accessibility, 100, (v) => fixed(v), false));
    rows.push(row(`Lighthouse best practices ${label}`, lh.bestPractices, 100, (v) => fixed(v), false));
    rows.push(row(`Lighthouse SEO ${label}`, lh.seo, 100, (v) => fixed(v), false));
    rows.push(row(`CLS ${label}`, lh.cls, 0.02, (v) => fixed(v, 3)));
    rows.push(row(`main-thread work ${label}`, lh.mainThreadMs, MAIN_THREAD_BUDGET_MS, (v) => `${fixed(v)} ms`));
    if (lh.preset === 'mobile') rows.push(row(`TBT ${label}`, lh.tbtMs, TBT_BUDGET_MS, (v) => `${fixed(v)} ms`));
  }
  for (const lh of report.lighthouse.busy) {
    const label = `${new URL(lh.url).pathname} mobile, busy machine`;
    rows.push(row(`main-thread work ${label}`, lh.mainThreadMs, MAIN_THREAD_BUDGET_MS, (v) => `${fixed(v)} ms`));
    rows.push(row(`TBT ${label}`, lh.tbtMs, TBT_BUDGET_MS, (v) => `${fixed(v)} ms`));
  }
  const homeMobile = report.lighthouse.ours.find((lh) => new URL(lh.url).pathname === '/' && lh.preset === 'mobile');
  const limitMobile = report.lighthouse.limit.find((lh) => lh.preset === 'mobile');
  if (homeMobile && limitMobile) {
    rows.push(
      // Issue 36: at most a tenth slower than the same bytes with no script.
      row('/ mobile LCP ÷ static limit', ratio(homeMobile.lcpMs, limitMobile.lcpMs), 1.1, (v) => `${fixed(v, 2)}×`),
    );
    rows.push(withinFactor('/ mobile TBT ÷ static limit', homeMobile.tbtMs, limitMobile.tbtMs, 1.5));
  }
  for (const preset of ['mobile', 'desktop'] as const) {
    const home = report.lighthouse.ours.find((lh) => new URL(lh.url).pathname === '/' && lh.preset === preset);
    if (home) {
      rows.push(
        row(
          `/ ${preset} Speed Index (WordPress's)`,
          home.speedIndexMs,
          WORDPRESS_SPEED_INDEX_MS[preset],
          (v) => `${fixed(v)} ms`,
        ),
      );
    }
  }
  for (const ours of report.api.ours.filter((r) => r.connections === 100 && r.method === 'GET')) {
    const limit = report.api.limit.find((l) => l.name === ours.name && l.connections === 100);
    if (limit)
      rows.push(
        row(
          `${ours.name} rps ÷ static @c100`,
          ratio(ours.requestsPerSecond, limit.requestsPerSecond),
          0.5,
          (v) => `${fixed(v * 100)}%`,
          false,
        ),
      );
  }
  // Both the plain and the browser-like (compressed) answer of the large list are held to the budget.
  const largeLists = report.api.ours.filter(
    (r) => r.name.startsWith(`spareparts list @${report.catalogue.spareParts}`) && r.connections === 10,
  );
  for (const list of largeLists) {
    rows.push(row(`${list.name} p99 @c10`, list.latencyP99Ms, 50, (v) => `${fixed(v, 1)} ms`));
  }
  rows.push(
    row('catalogue data → first cards (median)', report.catalogue.firstCardsMedianMs, 300, (v) => `${fixed(v, 1)} ms`),
  );
  rows.push(
    row(
      `import rows/s (${report.importRows.rows.toLocaleString('en-IN')} new spare parts, CSV, SQLite)`,
      report.importRows.createRowsPerSecond,
      5000,
      (v) => `${v.toFixed(0)} rows/s`,
      false,
    ),
    row('catalogue keystroke → results (median)', report.catalogue.searchMedianMs, 100, (v) => `${fixed(v, 1)} ms`),
  );
  rows.push(...searchAtScaleBudgets(report.searchAtScale));
  rows.push(...readsUnderEditsBudgets(report.readsUnderEdits));
  rows.push(row('landing transfer at 390 px, scrolled', report.landingTransfer390.bytes, 600 * 1024, kb));
  rows.push(...homePageBudgets(report.homePage));
  rows.push(...specSheetBudgets(report.specSheets));
  rows.push(...quotationBudgets(report.quotations));
  rows.push(...serviceRemindersBudgets(report.serviceReminders));
  rows.push(...installedBaseBudgets(report.installedBase));
  rows.push(...overloadGuardBudgets(report.overloadGuard));
  rows.push(...loadMixBudgets(report.loadMix));
  rows.push(...databaseRestartBudgets(report.databaseRestart));
  rows.push(...postgresCatalogueBudgets(report.postgresCatalogue));
  return rows;
}

export function printReport(report: BenchReport): void {
  const out: string[] = [];
  const starts = (values: readonly number[]) => values.map(seconds).join(', ') || 'n/a';
  out.push('\nStart-up (npm start, web build present)');
  out.push(`empty DATA_DIR → first 200 on /: ${starts(report.firstStart.firstStartMs)}`);
  out.push(`restart on the seeded DATA_DIR → first 200 on /: ${starts(report.firstStart.restartMs)}`);
  out.push('\nBundle (gzip of JS/CSS bodies each page loaded)');
  out.push(
    table(
      ['route', 'JS', 'CSS', 'admin chunks loaded'],
      report.bundle.pages.map((p) => [
        p.route,
        kb(p.jsGzipBytes),
        kb(p.cssGzipBytes),
        p.adminChunksLoaded.join(' ') || '-',
      ]),
    ),
  );
  out.push(`admin chunks (${report.bundle.adminChunkSource}): ${report.bundle.adminChunks.join(', ') || 'none found'}`);
  out.push(`public routes load no admin chunk: ${report.bundle.publicLoadsNoAdminChunk}`);

  out.push(`\nLighthouse (median; static limit = ${report.staticLanding.source} without scripts)`);
  const lhRow = (lh: LighthouseFigures, label: string) => [
    label,
    lh.preset,
    fixed(lh.performance),
    fixed(lh.accessibility),
    fixed(lh.bestPractices),
    fixed(lh.seo),
    fixed(lh.lcpMs),
    fixed(lh.tbtMs),
    fixed(lh.speedIndexMs),
    fixed(lh.cls, 3),
    fixed(lh.mainThreadMs),
    lh.totalBytes === null ? 'n/a' : kb(lh.totalBytes),
  ];
  out.push(
    table(
      ['page', 'preset', 'perf', 'a11y', 'bp', 'seo', 'LCP ms', 'TBT ms', 'SI ms', 'CLS', 'main thread ms', 'transfer'],
      [
        ...report.lighthouse.ours.map((lh) => lhRow(lh, new URL(lh.url).pathname)),
        ...report.lighthouse.limit.map((lh) => lhRow(lh, 'static limit')),
        ...report.lighthouse.limitWithoutOverlay.map((lh) => lhRow(lh, 'static limit, no overlay')),
        ...report.lighthouse.busy.map((lh) => lhRow(lh, `${new URL(lh.url).pathname} (busy machine)`)),
      ],
    ),
  );
  // Where the Speed Index goes. The static limit is the page with no script; without the
  // overlay too, it is what the page would score if SPEC §2 did not ask for 1.5 s of overlay.
  for (const bare of report.lighthouse.limitWithoutOverlay) {
    const home = report.lighthouse.ours.find((lh) => new URL(lh.url).pathname === '/' && lh.preset === bare.preset);
    const limit = report.lighthouse.limit.find((lh) => lh.preset === bare.preset);
    out.push(
      `/ ${bare.preset} Speed Index: ours ${fixed(home?.speedIndexMs ?? null)} ms, static limit ${fixed(limit?.speedIndexMs ?? null)} ms, ` +
        `static limit without the arrival overlay ${fixed(bare.speedIndexMs)} ms; WordPress's ${WORDPRESS_SPEED_INDEX_MS[bare.preset]} ms`,
    );
    const verdict = speedIndexVerdict(
      home?.speedIndexMs ?? null,
      limit?.speedIndexMs ?? null,
      bare.speedIndexMs,
      bare.preset,
    );
    if (verdict) out.push(verdict);
  }
  for (const limit of report.lighthouse.limit) {
    const home = report.lighthouse.ours.find((lh) => new URL(lh.url).pathname === '/' && lh.preset === limit.preset);
    if (home) {
      out.push(
        `/ ${limit.preset} over limit: LCP ${fixed(ratio(home.lcpMs, limit.lcpMs), 2)}×, TBT ${fixed(ratio(home.tbtMs, limit.tbtMs), 2)}× (${fixed(home.tbtMs)} vs ${fixed(limit.tbtMs)} ms; runs in turn, TBT / ${runList(home.tbtRunsMs)}, limit ${runList(limit.tbtRunsMs)})`,
      );
    }
  }
  out.push(
    `landing page at 390×844 DPR 3, scrolled to the end: ${kb(report.landingTransfer390.bytes)} in ${report.landingTransfer390.requests} requests`,
  );

  out.push('\nAPI (autocannon, loopback; limit = same bytes as a static file)');
  out.push(
    table(
      ['endpoint', 'c', 'rps', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', '429', 'static rps', 'ours/static'],
      report.api.ours.map((r) => {
        const limit = report.api.limit.find((l) => l.name === r.name && l.connections === r.connections);
        return [
          r.name,
          String(r.connections),
          fixed(r.requestsPerSecond),
          fixed(r.latencyP50Ms, 1),
          fixed(r.latencyP99Ms, 1),
          String(r.errors + r.timeouts),
          String(r.non2xx),
          String(r.status429),
          limit ? fixed(limit.requestsPerSecond) : '-',
          limit ? `${fixed((ratio(r.requestsPerSecond, limit.requestsPerSecond) ?? 0) * 100)}%` : '-',
        ];
      }),
    ),
  );
  out.push(`inquiries: ${report.api.inquiryMethod}`);
  out.push(...printSection(homePageSection(report.homePage)));
  out.push(...printSection(specSheetSection(report.specSheets)));
  out.push(...printSection(quotationSection(report.quotations)));
  out.push(...printSection(serviceRemindersSection(report.serviceReminders)));
  out.push(...printSection(installedBaseSection(report.installedBase)));

  out.push(`\nCatalogue with ${report.catalogue.spareParts.toLocaleString('en-IN')} spare parts (median ms)`);
  out.push(
    `data → first cards painted: ${fixed(report.catalogue.firstCardsMedianMs, 1)} (${report.catalogue.firstCardsMs.map((v) => v.toFixed(0)).join(', ')})`,
  );
  out.push(
    `keystroke → results painted: ${fixed(report.catalogue.searchMedianMs, 1)} (${report.catalogue.searchMs.map((v) => v.toFixed(0)).join(', ')})`,
  );
  out.push(
    `a term typed at 120 ms a key, last keystroke → results painted: ${fixed(report.catalogue.typingSearchMedianMs, 1)} (${report.catalogue.typingSearchMs.map((v) => v.toFixed(0)).join(', ')})`,
  );
  out.push(
    `page button click → next page painted, request included: ${fixed(report.catalogue.pageChangeMedianMs, 1)} (${report.catalogue.pageChangeMs.map((v) => v.toFixed(0)).join(', ')})`,
  );

  out.push(...printSection(overloadGuardSection(report.overloadGuard)));
  out.push(...printSection(loadMixSection(report.loadMix)));
  out.push(...printSection(searchAtScaleSection(report.searchAtScale)));
  out.push(...printSection(readsUnderEditsSection(report.readsUnderEdits)));
  out.push(
    `\nImport of ${report.importRows.rows.toLocaleString('en-IN')} spare parts from CSV (SQLite, one transaction): ` +
      `new ${report.importRows.createRowsPerSecond.toFixed(0)} rows/s (${seconds(report.importRows.createMs)}, ` +
      `${seconds(report.importRows.createCpuMs)} CPU), updated ${report.importRows.updateRowsPerSecond.toFixed(0)} rows/s ` +
      `(${seconds(report.importRows.updateMs)})`,
  );
  out.push(...printSection(scaleOutSection(report.scaleOut)));
  out.push(...printSection(databaseRestartSection(report.databaseRestart)));
  out.push(...printSection(postgresCatalogueSection(report.postgresCatalogue)));

  out.push('\nBudgets (informational)');
  out.push(budgetTable(report.budgets));
  for (const warning of report.warnings) out.push(`warning: ${warning}`);
  console.log(out.join('\n'));
}

export async function writeReport(file: string, report: BenchReport): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
}
