/**
 * `npm run bench [-- --quick] [-- --spare-parts N] [-- --out FILE] [-- --web-dist DIR]`:
 * performance figures of the built app, as a JSON report and a printed table. Timings never
 * fail the run; only something broken does (a page that does not load, a Lighthouse error).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INQUIRY_RATE_LIMIT } from '@capstan/shared';
import { BROWSER_ACCEPT_ENCODING, type LoadFigures, type LoadTarget, load, rawBody } from './api';
import { parseArgs } from './args';
import { withBrowser } from './browser';
import { measureBundles } from './bundle';
import { measureCatalogue } from './catalogue';
import { findAdminChunks } from './dist-chunks';
import { measureFirstStart } from './first-start';
import { measureHomePage } from './home-page';
import { measureImport } from './import-rows';
import { measureLandingTransfer } from './landing-transfer';
import { loadMixOptions, runLoadMix } from './load-mix';
import { guardOptions, measureOverloadGuard } from './load-shedding';
import {
  type LighthouseFigures,
  type Preset,
  lighthouse,
  lighthouseInterleaved,
  retries,
  startLighthouseChrome,
} from './lighthouse';
import { onCleanup, runBenchScript } from './processes';
import { type BenchReport, budgets, printReport, writeReport } from './report';
import { measureDatabaseRestart } from './database-restart';
import { measurePostgresCatalogue, POSTGRES_CATALOGUE_SIZES } from './postgres-catalogue';
import { measureQuotationNumbering } from './quotation-numbering';
import { measureQuotationPdf } from './quotation-pdf';
import { measureScaleOut } from './scale-out';
import { measureServiceReminders } from './run-service-reminders';
import { measureRegisterSearch } from './installed-base-search';
import { measureServiceReportRender } from './service-report-render';
import { measureServiceRequestPhotos } from './service-request-photos';
import { REMINDER_GOALS } from './service-reminders-report';
import { growSpareParts, waitForSpareParts } from './scale-seed';
import { measureSearchAtScale } from './search-scale';
import { measureReadsUnderEdits, READS_UNDER_EDITS_SECONDS } from './reads-under-edits';
import { languageRoutes, measureLanguagePages } from './languages';
import { startServer } from './server';
import { measureSpecSheets } from './spec-sheet';
import { busyMachine } from './busy-machine';
import { removeBenchDir, restoreBenchFiles, writeStaticLanding, writeStaticTwin } from './static-limit';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

async function firstId(origin: string, apiPath: string): Promise<string> {
  const items = JSON.parse((await rawBody(origin + apiPath)).toString('utf8')) as { id: string }[];
  const id = items[0]?.id;
  if (!id) throw new Error(`${apiPath} returned no item`);
  return id;
}

let onFailure: () => string | null = () => null;

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2), repoRoot);
  const startedAt = new Date().toISOString();
  const warnings: string[] = [];
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-data-'));
  onCleanup(() => fs.rm(dataDir, { recursive: true, force: true }));
  onCleanup(() => removeBenchDir(options.webDistDir));

  // 0. First, while nothing else runs: how soon a fresh clone's `npm start` serves `/`.
  const firstStartRuns = options.quick ? 1 : 3;
  log(`first start: npm start on an empty data folder → first 200 on /, ${firstStartRuns} run(s), each then restarted`);
  const firstStart = await measureFirstStart(repoRoot, options.webDistDir, firstStartRuns);

  log(`starting the server on ${dataDir} (seeding the demo catalogue; load shedding off)`);
  const server = await startServer({
    repoRoot,
    dataDir,
    webDistDir: options.webDistDir,
    loadShedding: false,
    waitForDemoPictures: true,
  });
  // A failure caused by the server dying (or being killed by something else) says so.
  onFailure = () => server.exitInfo();
  const origin = server.origin;
  const productId = await firstId(origin, '/api/products/featured');
  const publicRoutes = ['/', '/products', `/product/${productId}`];
  // Issue 38: the Tamil and Hindi pages, against their English ones.
  const languagePages = languageRoutes(productId).map(({ path }) => path);

  // 1. Bundles, 2. Lighthouse, landing transfer: on the demo catalogue.
  const { adminChunks, source: adminChunkSource } = findAdminChunks(options.webDistDir);
  const { bundle, staticLanding, landingTransfer390 } = await withBrowser(async (browser) => {
    log('bundle sizes');
    const measured = await measureBundles(browser, server, [...publicRoutes, ...languagePages], adminChunks);
    log('landing page transfer at 390 px');
    const transfer = await measureLandingTransfer(browser, origin);
    const landing = await writeStaticLanding(browser, origin, options.webDistDir);
    return { bundle: measured, staticLanding: landing, landingTransfer390: transfer };
  });

  const chrome = await startLighthouseChrome();
  const ours: LighthouseFigures[] = [];
  const limit: LighthouseFigures[] = [];
  const limitWithoutOverlay: LighthouseFigures[] = [];
  const busy: LighthouseFigures[] = [];
  try {
    const presets: Preset[] = options.quick ? ['mobile'] : ['mobile', 'desktop'];
    const pages = options.quick ? ['/'] : [...publicRoutes, '/ta/', `/hi/product/${productId}`];
    for (const preset of presets) {
      // The landing page and its static limits run in turns (options.landingRuns). The full run
      // adds the limit without SPEC §2's arrival overlay: what the overlay alone costs the Speed
      // Index, against a stock WordPress's.
      log(`lighthouse / and static limit ${preset}, interleaved`);
      const [home, staticLimit, withoutOverlay] = await lighthouseInterleaved(
        repoRoot,
        chrome.port,
        [
          { url: origin + '/' },
          { url: staticLanding.url, beforeRun: restoreBenchFiles },
          ...(options.quick ? [] : [{ url: staticLanding.withoutOverlayUrl, beforeRun: restoreBenchFiles }]),
        ],
        preset,
        options.landingRuns[preset],
      );
      ours.push(home!);
      limit.push(staticLimit!);
      if (withoutOverlay) limitWithoutOverlay.push(withoutOverlay);
      for (const route of pages.filter((page) => page !== '/')) {
        log(`lighthouse ${route} ${preset}`);
        ours.push(await lighthouse(repoRoot, chrome.port, origin + route, preset, options.lighthouseRuns));
      }
    }
    if (!options.quick) {
      // Issue 36: the same phone on a machine that is doing something else as well.
      const stopBusy = busyMachine();
      try {
        for (const route of ['/', `/product/${productId}`]) {
          log(`lighthouse ${route} mobile, on a busy machine`);
          busy.push(await lighthouse(repoRoot, chrome.port, origin + route, 'mobile', options.lighthouseRuns));
        }
      } finally {
        await stopBusy();
      }
    }
  } finally {
    await chrome.stop();
  }

  // 3. API at the small scale, then the list again at the large one.
  const apiOurs: LoadFigures[] = [];
  const apiLimit: LoadFigures[] = [];
  const benchGet = async (name: string, apiPath: string, acceptEncoding?: string) => {
    // The raw bytes the server sends for this request (compressed when asked), for the static twin.
    const body = await rawBody(origin + apiPath, acceptEncoding);
    const staticPath = await writeStaticTwin(options.webDistDir, name.replace(/[^a-z0-9]+/gi, '-'), body);
    for (const connections of options.concurrencies) {
      log(`autocannon ${name} c${connections}`);
      const target: LoadTarget = { name, path: apiPath, bodyBytes: body.length, acceptEncoding };
      apiOurs.push(await load(origin, target, connections, options.autocannonSeconds));
      await restoreBenchFiles();
      // The twin is sent as stored: no Accept-Encoding, so the limit does no compression work either.
      const twin = { ...target, path: staticPath, acceptEncoding: undefined };
      apiLimit.push(await load(origin, twin, connections, options.autocannonSeconds));
    }
  };

  // 3a. The home page as the server answers it, on the demo catalogue visitors see.
  log('home page / : bytes, c10 (and its static twin), c50, with wrk where installed');
  const homePage = await measureHomePage(server, options.webDistDir, options.autocannonSeconds);

  log('Tamil and Hindi pages: HTML bytes against English');
  const languages = await measureLanguagePages(origin, productId);

  // 3b. Spec sheet PDFs on the demo catalogue, before growing it changes the revision.
  log('spec sheet PDFs: cold renders, then cached');
  const specSheets = await measureSpecSheets(origin, options.quick);
  // Issue 39: the quotation PDF, rendered cold in fresh processes (the server idles meanwhile).
  const quotationPdf = await measureQuotationPdf({ repoRoot, quick: options.quick, log });

  log(`growing to ${options.sparePartsSmall} spare parts`);
  await waitForSpareParts(origin, await growSpareParts(dataDir, options.sparePartsSmall));
  await benchGet('products featured', '/api/products/featured');
  await benchGet('spareparts featured', '/api/spareparts/featured');
  await benchGet('services featured', '/api/services/featured');
  await benchGet(`spareparts list @${options.sparePartsSmall}`, '/api/spareparts');
  await benchGet(`spareparts list @${options.sparePartsSmall}, br`, '/api/spareparts', BROWSER_ACCEPT_ENCODING);
  await benchGet('product by id', `/api/products/${productId}`);

  const inquiry = JSON.stringify({
    firstName: 'Bench',
    lastName: 'Mark',
    email: 'bench@example.com',
    phone: '+91 98765 43210',
    message: 'Load test inquiry written by npm run bench.',
  });
  for (const connections of options.concurrencies) {
    log(`autocannon inquiries c${connections}`);
    const post = { path: '/api/inquiries', method: 'POST' as const, body: inquiry };
    apiOurs.push(
      await load(
        origin,
        { ...post, name: 'inquiry, one client (rate limited)' },
        connections,
        options.autocannonSeconds,
      ),
    );
    apiOurs.push(
      await load(
        origin,
        { ...post, name: 'inquiry, distinct X-Forwarded-For', distinctClients: true },
        connections,
        options.autocannonSeconds,
      ),
    );
  }

  if (options.sparePartsLarge > options.sparePartsSmall) {
    log(`growing to ${options.sparePartsLarge} spare parts`);
    await waitForSpareParts(origin, await growSpareParts(dataDir, options.sparePartsLarge));
    await benchGet(`spareparts list @${options.sparePartsLarge}`, '/api/spareparts');
    await benchGet(`spareparts list @${options.sparePartsLarge}, br`, '/api/spareparts', BROWSER_ACCEPT_ENCODING);
  }

  // 3b. Search, filters and facets at the large scale: distinct queries, none answered from the cache.
  log(`search and filters at ${options.sparePartsLarge} spare parts`);
  const searchAtScale = await measureSearchAtScale(origin, options.sparePartsLarge);

  // 3c. Issue 37: readers while staff save a part a second, at the large scale.
  const readsUnderEdits = await measureReadsUnderEdits({
    session: { origin, email: server.adminEmail, password: server.adminPassword },
    spareParts: options.sparePartsLarge,
    connections: 50,
    seconds: options.quick ? 3 : READS_UNDER_EDITS_SECONDS,
    log,
  });

  // 4. The catalogue screen at the large scale.
  const importRowCount = options.quick ? 5000 : 25_000;
  log(`import: ${importRowCount} new spare parts from a CSV file, then the same rows updated (in process, SQLite)`);
  const importRows = await measureImport(importRowCount);

  log('catalogue at scale');
  const catalogue = await withBrowser((browser) =>
    measureCatalogue(browser, origin, options.sparePartsLarge, options.catalogueRepetitions),
  );
  if (catalogue.warning) warnings.push(catalogue.warning);
  for (const retry of retries) warnings.push(`Lighthouse run retried: ${retry}`);
  if (!bundle.publicLoadsNoAdminChunk) warnings.push('A public route loaded an admin chunk.');

  for (const run of apiOurs.filter((r) => r.method === 'GET' && r.non2xx > 0)) {
    warnings.push(`${run.name} c${run.connections}: ${run.non2xx} of ${run.requests} answers were not 2xx.`);
  }

  // 5. The load shedding guard, and 6. the open-loop load mix, last: its overload phase must not
  // disturb the other figures. The guard's on/off comparison starts pairs of new servers over the
  // same data (a server that has run for minutes is warmer than a new one); the load mix runs on a
  // new one as deployed, shedding on.
  await server.stop();
  onFailure = () => null;
  const overloadGuard = await measureOverloadGuard(
    (loadShedding) => startServer({ repoRoot, dataDir, webDistDir: options.webDistDir, loadShedding }),
    guardOptions(options.quick),
    log,
  );
  log('starting the server as deployed (load shedding on) for the load mix');
  const mixServer = await startServer({ repoRoot, dataDir, webDistDir: options.webDistDir });
  onFailure = () => mixServer.exitInfo();
  const loadMix = await runLoadMix(mixServer.origin, loadMixOptions(options.quick), mixServer.exitInfo, log);
  const serverDown =
    loadMix.serverExited ?? (loadMix.healthAfter.status === null ? 'no answer from /api/health' : null);
  if (serverDown) warnings.push(`The server did not survive the overload: ${serverDown}`);
  else if (loadMix.healthAfter.status !== 200)
    warnings.push(`/api/health answered ${loadMix.healthAfter.status} after the load`);

  await mixServer.stop();
  onFailure = () => null;

  // 7. Several servers on one database (decision 029), alone: PostgreSQL, an S3 bucket, nginx in front.
  const scaleOut = await measureScaleOut({
    repoRoot,
    webDistDir: options.webDistDir,
    seconds: options.autocannonSeconds,
    quick: options.quick,
    log,
  });
  for (const run of scaleOut.runs.filter((r) => r.non2xx + r.errors > 0)) {
    warnings.push(
      `scale-out ${run.setup} ${run.target}: ${run.non2xx} non-2xx and ${run.errors} errors of ${run.requests}.`,
    );
  }

  // 8. The same cluster on a PostgreSQL of its own, stopped and started again under visitors' reads (issue 37).
  const databaseRestart = await measureDatabaseRestart({
    repoRoot,
    webDistDir: options.webDistDir,
    connections: 50,
    beforeSeconds: options.quick ? 3 : 10,
    awaySeconds: 3,
    afterSeconds: options.quick ? 7 : 15,
    log,
  });
  if (databaseRestart.notMeasured === null && !databaseRestart.instancesRunning) {
    warnings.push('An instance stopped during the PostgreSQL restart.');
  }

  // 9. The catalogue answered by PostgreSQL, grown: memory per process and reads while staff edit (issue 37).
  const postgresCatalogue = await measurePostgresCatalogue({
    repoRoot,
    webDistDir: options.webDistDir,
    sizes: POSTGRES_CATALOGUE_SIZES[options.quick ? 'quick' : 'full'],
    seconds: options.quick ? 3 : READS_UNDER_EDITS_SECONDS,
    log,
  });

  // 10. Issue 39: quotation numbers handed out by two instances on one PostgreSQL at once.
  const quotationNumbering = await measureQuotationNumbering({
    repoRoot,
    webDistDir: options.webDistDir,
    lighthouseRuns: options.lighthouseRuns,
    log,
  });

  // 11. Issue 40: the morning's reminders for 20,000 installed machines, two schedulers racing.
  const serviceReminders = await measureServiceReminders({
    machines: options.quick ? 2_000 : REMINDER_GOALS.machines,
    log,
  });

  // 12. Issue 40: the register of 20,000 installed machines searched, a request with photos from a
  // phone, and the service report PDF's render time.
  const registerSearch = await measureRegisterSearch({ repoRoot, webDistDir: options.webDistDir, log });
  const servicePhotos = await measureServiceRequestPhotos({ repoRoot, webDistDir: options.webDistDir, log });
  const serviceReport = await measureServiceReportRender();

  const partial = {
    startedAt,
    options: { ...options },
    environment: { node: process.version, platform: `${os.platform()} ${os.arch()}`, cpus: os.cpus().length },
    bundle: { adminChunkSource, adminChunks: [...adminChunks].sort(), ...bundle },
    firstStart,
    landingTransfer390,
    staticLanding,
    lighthouse: { ours, limit, limitWithoutOverlay, busy },
    api: {
      ours: apiOurs,
      limit: apiLimit,
      inquiryMethod:
        `POST /api/inquiries is limited to ${INQUIRY_RATE_LIMIT} per address per 10 min and the bench does not bypass it. "one client" sends ` +
        `every request from 127.0.0.1, so after ${INQUIRY_RATE_LIMIT} it measures the 429 path; "distinct X-Forwarded-For" runs the server ` +
        'with TRUST_PROXY=true and gives every request its own address, which measures a real insert per request.',
    },
    homePage,
    languages,
    specSheets,
    quotations: { pdf: quotationPdf, numbering: quotationNumbering },
    serviceReminders,
    installedBase: { registerSearch, servicePhotos, serviceReport },
    catalogue,
    searchAtScale,
    readsUnderEdits,
    importRows,
    overloadGuard,
    loadMix,
    scaleOut,
    databaseRestart,
    postgresCatalogue,
    warnings,
  };
  const report: BenchReport = { ...partial, budgets: budgets(partial), finishedAt: new Date().toISOString() };
  await writeReport(options.outFile, report);
  printReport(report);
  console.log(`\nReport written to ${path.relative(process.cwd(), options.outFile)}`);
  // A server that crashed or stopped answering under load is broken, not slow.
  if (serverDown) process.exitCode = 1;
}

runBenchScript(main, () => onFailure());
