import { useEffect, useId, useState } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAdminT } from '@/lib/i18n/admin';
import { useSparePartSearch } from '@/lib/spare-part-search';

/** Typing settles for this long before the catalogue is asked. */
const SEARCH_DELAY_MS = 300;

export interface PickedPart {
  itemId: string;
  description: string;
}

/** A spare part of the catalogue as a visit or a report names it: its name, and its code when it has one. */
export const partDescription = (part: { name: string; code?: string | null }) =>
  part.code ? `${part.name} (${part.code})` : part.name;

/**
 * Adds a part used (an AMC visit's, a service report's) from the catalogue's spare parts, found by
 * name, description or code. It sits inside a form: Enter in its search must not submit that form.
 */
export function SparePartPicker({ onPick, disabled }: { onPick: (part: PickedPart) => void; disabled: boolean }) {
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
      <Label htmlFor={searchId}>{t('admin.partPickerLabel')}</Label>
      <Input
        id={searchId}
        type="search"
        value={search}
        autoComplete="off"
        disabled={disabled}
        placeholder={t('admin.partPickerPlaceholder')}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      {q === '' ? null : results.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('admin.partPickerSearching')}
        </p>
      ) : results.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('admin.partPickerFailed')}
        </p>
      ) : items.length === 0 ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('admin.partPickerNoMatch', { q })}
        </p>
      ) : (
        <ul className="grid gap-1" aria-label={t('admin.partPickerResults')}>
          {items.map((item) => (
            <li key={item.id}>
              <Button
                type="button"
                variant="ghost"
                className="h-auto w-full justify-start py-1.5 text-left whitespace-normal"
                disabled={disabled}
                aria-label={t('admin.partPickerAdd', { name: partDescription(item) })}
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
