import { APP_MODULES_ELEMENT_ID } from '@capstan/shared';
import './index.css';

/** Lets the browser handle input and paint between two pieces of start-up work. */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A server-rendered page is complete without script: the browser paints it first, and only then
 * is the app's code evaluated and the page taken over. (The timeout covers tabs opened in the
 * background, where animation frames do not run.) The server preloads the code meanwhile.
 */
function afterFirstPaint(run: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 250);
}

/** Fetches every chunk the server said this page needs, in parallel; evaluating them comes after. */
function preloadPageModules(): void {
  const list = document.getElementById(APP_MODULES_ELEMENT_ID)?.textContent;
  if (!list) return;
  const files: unknown = JSON.parse(list);
  if (!Array.isArray(files)) return;
  for (const file of files) {
    if (typeof file !== 'string' || !file.startsWith('/assets/')) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
}

/**
 * The libraries are evaluated one import at a time, each in its own task, so no single task
 * keeps a slow phone from responding for long.
 */
async function start(): Promise<void> {
  preloadPageModules();
  await import('react-dom/client');
  await yieldToMain();
  await import('./lib/query-client');
  await yieldToMain();
  await import('./app/router');
  await yieldToMain();
  const { startApp } = await import('./app/hydrate');
  await yieldToMain();
  await startApp();
}

afterFirstPaint(() => void start());
