import type { DehydratedState } from '@tanstack/react-query';
import { APP_DATA_ELEMENT_ID, type PageDataToFetch } from '@capstan/shared';

/**
 * The data a server-rendered page was drawn from: embedded whole (`state`), or the API answers the
 * app asked for after the first paint (`answers`, keyed by their path). Null on a page the
 * browser renders itself.
 */
export type PageData = { state: DehydratedState } | { answers: [path: string, data: unknown][] } | null;

let asked: Promise<[string, unknown][]> | undefined;

function embedded(): unknown {
  const text = document.getElementById(APP_DATA_ELEMENT_ID)?.textContent;
  if (text === undefined || text === null || text === '') return undefined;
  return JSON.parse(text);
}

function isFetchList(value: unknown): value is PageDataToFetch {
  const list = (value as Partial<PageDataToFetch> | null | undefined)?.fetch;
  return Array.isArray(list) && list.every((path) => typeof path === 'string' && path.startsWith('/api/'));
}

async function answerOf(path: string): Promise<[string, unknown] | null> {
  try {
    const response = await fetch(path, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    return response.ok ? [path, await response.json()] : null;
  } catch {
    // The app then asks again when the part that needs it draws.
    return null;
  }
}

/**
 * Resolves in a task of its own. Starting a request costs the main thread about a millisecond, four
 * on the phone Lighthouse simulates: the landing page's seven in one go were a 49 ms task (traced
 * at 4× slowed CPU). Each now starts in the task after the one before (as prefetch-files.ts does).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Starts asking for the answers a page left out; does nothing on a page that embeds its data. */
export function fetchPageData(): void {
  if (asked !== undefined) return;
  const data = embedded();
  if (!isFetchList(data)) return;
  let turn = Promise.resolve();
  const answers = data.fetch.map((path) => {
    turn = turn.then(nextTask);
    return turn.then(() => answerOf(path));
  });
  asked = Promise.all(answers).then((answers) =>
    answers.filter((answer): answer is [string, unknown] => answer !== null),
  );
}

/** The page's data, once it is all here. */
export async function pageData(): Promise<PageData> {
  const data = embedded();
  if (data === undefined) return null;
  if (!isFetchList(data)) return { state: data as DehydratedState };
  fetchPageData();
  return { answers: (await asked) ?? [] };
}
