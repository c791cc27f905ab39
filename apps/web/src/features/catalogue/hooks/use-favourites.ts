import { useCallback, useEffect, useState } from 'react';
import { FAVOURITES_STORAGE_KEY } from '@capstan/shared';

function readFavourites(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(FAVOURITES_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** SPEC §2: favourites are kept in this browser only. Storage is read in an effect, never during render. */
export function useFavourites() {
  const [favourites, setFavourites] = useState<ReadonlySet<string>>(() => new Set());
  // False until storage was read: "no favourites" must not flash before they are known.
  const [ready, setReady] = useState(false);

  useEffect(() => {
    // Storage exists only in the browser, so it is read after the first (server-safe) render.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setFavourites(new Set(readFavourites()));
    setReady(true);
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === FAVOURITES_STORAGE_KEY) setFavourites(new Set(readFavourites()));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const toggleFavourite = useCallback((id: string) => {
    // Re-read so a change made in another tab is not overwritten.
    const next = new Set(readFavourites());
    if (next.has(id)) next.delete(id);
    else next.add(id);
    try {
      localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify([...next]));
    } catch {
      // Storage full or blocked: the toggle still works for this visit.
    }
    setFavourites(next);
  }, []);

  return { favourites, ready, toggleFavourite };
}
