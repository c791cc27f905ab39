import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { withBrowser } from './browser';
import { ownedCleanup as owned } from './processes';
import { startServer } from './server';
import { median } from './stats';

/**
 * Issue 40's phone budget: a buyer raises a service request with 3 photos from a phone at /service,
 * and the time from tapping Send to the reference on screen. Headless Chromium at 390 px with
 * Lighthouse's mobile profile applied for real through DevTools (its "Slow 4G" as DevTools
 * throttling: 562.5 ms round trip, 1,474.56 kbps down, 675 kbps up; the CPU 4× slower). The photos
 * are camera-sized JPEGs (4032 × 3024). The buyer fills the form as a person does: the photos are
 * chosen after the name, then what is wrong is typed at a steady pace, then Send.
 */
export const THROTTLED_PROFILE = {
  latencyMs: 562.5,
  downloadKbps: 1474.56,
  uploadKbps: 675,
  cpuSlowdown: 4,
} as const;

const RUNS = 3;
const PHOTOS = 3;
/** What the buyer types as the fault, at TYPING_DELAY_MS a key (about 8 keys a second, a quick thumb). */
const SYMPTOM =
  'Spindle stops with a servo alarm after ten minutes of running; the chuck also slips on 40 mm bar. Please send an engineer.';
const TYPING_DELAY_MS = 120;

export interface ServiceRequestPhotoRun {
  /** Send tapped → the reference on screen. */
  sendToReferenceMs: number;
  /** Photos chosen → Send tapped (the buyer typing meanwhile). */
  choosingToSendMs: number;
  reference: string;
  /** Photos the stored request has (read back through the staff API): all three, or the run does not count. */
  photosAttached: number;
}

export interface ServiceRequestPhotoFigures {
  notMeasured: string | null;
  photoBytes: number[];
  runs: ServiceRequestPhotoRun[];
  medianSendToReferenceMs: number | null;
  method: string;
}

/** A camera-sized photo: smooth shading with a grain, so it weighs what a phone's JPEG does (2-4 MB). */
async function cameraPhoto(index: number): Promise<Buffer> {
  const width = 4032;
  const height = 3024;
  const grain = Buffer.alloc(width * height * 3);
  let seed = 1234 + index;
  for (let offset = 0; offset < grain.length; offset += 3) {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    const pixel = offset / 3;
    const x = pixel % width;
    const y = Math.floor(pixel / width);
    const noise = (seed >> 16) % 24;
    grain[offset] = (((x * 200) / width + noise + index * 30) & 0xff) >>> 0;
    grain[offset + 1] = (((y * 180) / height + noise) & 0xff) >>> 0;
    grain[offset + 2] = ((((x + y) * 90) / width + noise) & 0xff) >>> 0;
  }
  return sharp(grain, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

export async function measureServiceRequestPhotos(options: {
  repoRoot: string;
  webDistDir: string;
  log: (message: string) => void;
}): Promise<ServiceRequestPhotoFigures> {
  const { log } = options;
  const stops: (() => Promise<void>)[] = [];
  const method =
    `${RUNS} requests at /service, each with ${PHOTOS} camera photos (4032 × 3024 JPEG), in headless Chromium at ` +
    `390 × 844 with DevTools throttling of ${THROTTLED_PROFILE.latencyMs} ms round trip, ` +
    `${THROTTLED_PROFILE.downloadKbps} kbps down, ${THROTTLED_PROFILE.uploadKbps} kbps up and the CPU ` +
    `${THROTTLED_PROFILE.cpuSlowdown}× slower (Lighthouse's mobile profile applied for real). The photos are chosen ` +
    `after the name, then the fault is typed (${SYMPTOM.length} characters at ${TYPING_DELAY_MS} ms a key) and Send ` +
    'tapped; timed from the tap to the reference on screen.';
  try {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-service-photos-'));
    stops.push(owned(() => fs.rm(dataDir, { recursive: true, force: true })));
    const photoDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-service-photo-files-'));
    stops.push(owned(() => fs.rm(photoDir, { recursive: true, force: true })));
    const photos = await Promise.all(
      Array.from({ length: PHOTOS }, async (_, index) => {
        const file = path.join(photoDir, `IMG_20261128_0${index + 1}.jpg`);
        await fs.writeFile(file, await cameraPhoto(index));
        return file;
      }),
    );
    const photoBytes = await Promise.all(photos.map(async (file) => (await fs.stat(file)).size));
    // Many requests from one address would meet the quote-request allowance: each run is its own client.
    const server = await startServer({ ...options, dataDir, waitForDemoPictures: true });
    stops.push(owned(server.stop));
    const login = await fetch(`${server.origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: server.adminEmail, password: server.adminPassword }),
    });
    const { token } = (await login.json()) as { token: string };
    const photosOf = async (reference: string) => {
      const response = await fetch(`${server.origin}/api/service-requests?q=${encodeURIComponent(reference)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await response.json()) as { serviceRequests: { reference: string; photos: unknown[] }[] };
      return body.serviceRequests.find((request) => request.reference === reference)?.photos.length ?? 0;
    };
    const runs: ServiceRequestPhotoRun[] = [];
    await withBrowser(async (browser) => {
      for (let run = 0; run < RUNS; run += 1) {
        const context = await browser.newContext({
          viewport: { width: 390, height: 844 },
          deviceScaleFactor: 3,
          isMobile: true,
          hasTouch: true,
          extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${run + 10}` },
        });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: THROTTLED_PROFILE.latencyMs,
          downloadThroughput: (THROTTLED_PROFILE.downloadKbps * 1024) / 8,
          uploadThroughput: (THROTTLED_PROFILE.uploadKbps * 1024) / 8,
        });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLED_PROFILE.cpuSlowdown });
        await page.goto(`${server.origin}/service`, { waitUntil: 'load', timeout: 120_000 });
        const form = page.getByRole('form', { name: 'Service request' });
        // The app runs once the form has switched to its own checks (noValidate).
        await page.waitForFunction(() => document.querySelector('form[novalidate]') !== null, null, {
          timeout: 120_000,
        });
        await form.getByLabel('Serial number').fill('np25-2311-0412');
        await form.getByLabel('Phone number').fill('+91 98430 21456');
        await form.getByLabel('Your name').fill('K. Senthil Kumar');
        const chosenAt = performance.now();
        await form.locator('input[type=file]').setInputFiles(photos);
        await form.getByLabel('What is wrong?').pressSequentially(SYMPTOM, { delay: TYPING_DELAY_MS });
        await form.getByText('The machine is down', { exact: false }).first().click();
        const sentAt = performance.now();
        await form.getByRole('button', { name: 'Send request' }).click();
        const reference = page.getByText(/SR-\d{4}-\d{5,}/).first();
        await reference.waitFor({ timeout: 120_000 });
        const shownAt = performance.now();
        const text = (await reference.textContent()) ?? '';
        const shown = /SR-\d{4}-\d{5,}/.exec(text)?.[0] ?? text;
        runs.push({
          sendToReferenceMs: shownAt - sentAt,
          choosingToSendMs: sentAt - chosenAt,
          reference: shown,
          photosAttached: await photosOf(shown),
        });
        log(`service request photos: run ${run + 1}: ${(shownAt - sentAt).toFixed(0)} ms from Send to the reference`);
        await context.close();
      }
    });
    return {
      notMeasured: null,
      photoBytes,
      runs,
      // A run whose request lost a photo is no measurement of this budget.
      medianSendToReferenceMs: runs.every((run) => run.photosAttached === PHOTOS)
        ? median(runs.map((run) => run.sendToReferenceMs))
        : null,
      method,
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log(`service request photos: not measured: ${reason}`);
    return { notMeasured: reason, photoBytes: [], runs: [], medianSendToReferenceMs: null, method };
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}
