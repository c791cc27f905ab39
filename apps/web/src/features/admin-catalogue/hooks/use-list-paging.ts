import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/** One request per pause in typing, not per keystroke: every search term is a server call. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box and page of a server-paged list. The page belongs to one scope (a list) and one
 * search term: a new term or scope starts again at page 1.
 */
export function useListPaging(scope = '') {
  const [term, setTerm] = useState('');
  const searchTerm = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const key = `${scope}\n${searchTerm}`;
  const [position, setPosition] = useState({ key, page: 1 });
  // Forget the old page at once: going back to an earlier term must not land on its old page.
  if (position.key !== key) setPosition({ key, page: 1 });
  const page = position.key === key ? position.page : 1;
  const goToPage = (next: number) => setPosition({ key, page: next });
  return { term, setTerm, searchTerm, page, goToPage };
}
