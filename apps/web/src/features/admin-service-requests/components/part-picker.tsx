import { useEffect, useId, useState } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAdminT } from '@/lib/i18n/admin';
import { useSparePartSearch } from '../api/search-spare-parts';

/** Typing settles for this long before the catalogue is asked. */
const SEARCH_DELAY_MS = 300;

export interface PickedPart {
  itemId: string;
  description: string;
}

/** A spare part of the catalogue as the report names it: its name, and its code when it has one. */
export const partDescription = (part: { name: string; code?: string | null }) =>
  part.code ? `${part.name} (${part.code})` : part.name;

/** Adds a part used from the catalogue's spare parts (by name, description or code). */
export function PartPicker({ onPick, disabled }: { onPick: (part: PickedPart) => void; disabled: boolean }) {
  const { t } = useAdminT();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const searchId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const results = useSparePartSearch(q);
  const items = results.data ?? [];

  return (
    <div className="grid gap-2 rounded-md border border-dashed p-3">
      <Label htmlFor={searchId}>{t('adminService.partSearch')}</Label>
      <Input
        id={searchId}
        type="search"
        value={search}
        autoComplete="off"
        disabled={disabled}
        placeholder={t('adminService.partSearchPlaceholder')}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          // Enter here searches; it must not close the request.
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      {q === '' ? null : results.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('adminService.searching')}
        </p>
      ) : results.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('adminService.searchFailed')}
        </p>
      ) : items.length === 0 ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('adminService.noPartMatch', { q })}
        </p>
      ) : (
        <ul className="grid gap-1" aria-label={t('adminService.partResults')}>
          {items.map((item) => (
            <li key={item.id}>
              <Button
                type="button"
                variant="ghost"
                className="h-auto w-full justify-start py-1.5 text-left whitespace-normal"
                disabled={disabled}
                aria-label={t('adminService.addPart', { name: partDescription(item) })}
                onClick={() => {
                  onPick({ itemId: item.id, description: partDescription(item) });
                  setSearch('');
                  setQ('');
                }}
              >
                <Plus aria-hidden="true" />
                <span className="min-w-0">
                  {item.name}
                  {item.code ? <span className="ml-2 font-mono text-xs text-muted-foreground">{item.code}</span> : null}
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
