import { gzipSync } from 'node:zlib';
import path from 'node:path';
import type { Browser, BrowserContext } from '@playwright/test';
import { ADMIN_TOKEN_STORAGE_KEY, ADMIN_USER_STORAGE_KEY } from '../../packages/shared/src/constants';
import type { BenchServer } from './server';

export interface PageBundle {
  route: string;
  jsGzipBytes: number;
  cssGzipBytes: number;
  files: { file: string; type: 'js' | 'css'; gzipBytes: number }[];
  adminChunksLoaded: string[];
}

/** Gzip of the decoded body at zlib's default level: independent of how the server compressed it. */
const gzipBytes = (body: Buffer) => gzipSync(body).length;

async function measurePage(context: BrowserContext, origin: string, route: string, adminChunks: Set<string>) {
  const page = await context.newPage();
  const pending: Promise<PageBundle['files'][number] | null>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    const type: 'js' | 'css' | null = url.pathname.endsWith('.js')
      ? 'js'
      : url.pathname.endsWith('.css')
        ? 'css'
        : null;
    if (!type || url.origin !== origin) return;
    pending.push(
      response
        .body()
        .then((body) => ({ file: path.posix.basename(url.pathname), type, gzipBytes: gzipBytes(body) }))
        .catch(() => null),
    );
  });
  const response = await page.goto(origin + route, { waitUntil: 'networkidle' });
  if (!response?.ok()) throw new Error(`${route} answered ${response?.status()}`);
  // The server inlines the stylesheet into the page: count those bytes as the page's CSS too.
  const inlineCss = await page.evaluate(() =>
    Array.from(document.querySelectorAll('style'), (style) => style.textContent ?? '').join(''),
  );
  if (inlineCss.length > 0) {
    pending.push(
      Promise.resolve({ file: '(inline <style>)', type: 'css' as const, gzipBytes: gzipBytes(Buffer.from(inlineCss)) }),
    );
  }
  const files = (await Promise.all(pending)).filter((file) => file !== null);
  await page.close();
  const sum = (type: 'js' | 'css') => files.filter((f) => f.type === type).reduce((total, f) => total + f.gzipBytes, 0);
  return {
    route,
    jsGzipBytes: sum('js'),
    cssGzipBytes: sum('css'),
    files,
    adminChunksLoaded: files.map((f) => f.file).filter((file) => adminChunks.has(file)),
  } satisfies PageBundle;
}

async function adminSession(server: BenchServer): Promise<{ token: string; user: unknown }> {
  const response = await fetch(`${server.origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: server.adminEmail, password: server.adminPassword }),
  });
  if (!response.ok) throw new Error(`Admin login answered ${response.status}`);
  const body = (await response.json()) as { token?: string; user?: unknown };
  if (typeof body.token !== 'string') throw new Error('Admin login returned no token');
  return { token: body.token, user: body.user };
}

export async function measureBundles(
  browser: Browser,
  server: BenchServer,
  publicRoutes: string[],
  adminChunks: Set<string>,
): Promise<{ pages: PageBundle[]; publicLoadsNoAdminChunk: boolean }> {
  const pages: PageBundle[] = [];
  for (const route of publicRoutes) {
    // A fresh context per page: nothing cached, so each figure is what a first visit loads.
    const context = await browser.newContext();
    pages.push(await measurePage(context, server.origin, route, adminChunks));
    await context.close();
  }

  const session = await adminSession(server);
  const context = await browser.newContext();
  // The same keys the app writes after signing in (apps/web/src/lib/auth-storage.ts).
  await context.addInitScript(
    ({ tokenKey, userKey, token, user }) => {
      window.localStorage.setItem(tokenKey, token);
      window.localStorage.setItem(userKey, JSON.stringify(user));
    },
    { tokenKey: ADMIN_TOKEN_STORAGE_KEY, userKey: ADMIN_USER_STORAGE_KEY, token: session.token, user: session.user },
  );
  const admin = await measurePage(context, server.origin, '/admin/dashboard', adminChunks);
  await context.close();
  if (admin.adminChunksLoaded.length === 0) throw new Error('/admin/dashboard loaded no admin chunk: not signed in?');
  pages.push(admin);

  const publicPages = pages.filter((page) => !page.route.startsWith('/admin'));
  return { pages, publicLoadsNoAdminChunk: publicPages.every((page) => page.adminChunksLoaded.length === 0) };
}
