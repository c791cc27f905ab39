import { LIST_PAGE_LIMIT, TOTAL_COUNT_HEADER } from '@capstan/shared';

/** Every item of a paged list call (decision 010), page by page over real HTTP. */
export async function fetchWholeList<T>(origin: string, path: string): Promise<T[]> {
  const items: T[] = [];
  for (let offset = 0; ; offset += LIST_PAGE_LIMIT) {
    const separator = path.includes('?') ? '&' : '?';
    const response = await fetch(`${origin}${path}${offset > 0 ? `${separator}offset=${offset}` : ''}`);
    if (response.status !== 200) throw new Error(`GET ${path} at offset ${offset} answered ${response.status}`);
    const page = (await response.json()) as T[];
    items.push(...page);
    const total = Number(response.headers.get(TOTAL_COUNT_HEADER));
    if (page.length === 0 || items.length >= total) return items;
  }
}
