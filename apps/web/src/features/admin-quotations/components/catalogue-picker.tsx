import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { gstDefaultsFor } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { type AdminMessageKey, useAdminT } from '@/lib/i18n/admin';
import {
  CATALOGUE_KINDS,
  type CatalogueKind,
  type CatalogueLine,
  catalogueLineQueryOptions,
  useCatalogueSearch,
} from '../api/catalogue-lookup';
import { selectClass } from './form-field';

const KIND_LABELS: Record<CatalogueKind, AdminMessageKey> = {
  machine: 'adminQuotations.kindMachines',
  spare: 'adminQuotations.kindSpareParts',
  service: 'adminQuotations.kindServices',
};

/** Typing settles for this long before the catalogue is asked. */
const SEARCH_DELAY_MS = 300;

/**
 * Adds a line from the catalogue: the admin lists' own search (name, description, code), then the
 * chosen item read by id for its HSN/SAC code, GST rate and price.
 */
export function CataloguePicker({ onPick }: { onPick: (line: CatalogueLine) => void }) {
  const { t } = useAdminT();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<CatalogueKind>('spare');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [adding, setAdding] = useState<string | null>(null);
  const kindId = useId();
  const searchId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const results = useCatalogueSearch(kind, q);

  const pick = async (entry: { id: string; name: string; code?: string | null; price?: number | null }) => {
    setAdding(entry.id);
    try {
      const found = await queryClient.fetchQuery(catalogueLineQueryOptions(kind, entry.id));
      const defaults = gstDefaultsFor(kind);
      onPick(
        found ?? {
          itemId: entry.id,
          kind,
          name: entry.name,
          code: entry.code ?? null,
          hsn: defaults.hsnCode,
          gstRate: defaults.gstRate,
          price: entry.price ?? null,
        },
      );
      setSearch('');
      setQ('');
    } finally {
      setAdding(null);
    }
  };

  const items = results.data ?? [];
  return (
    <div className="grid gap-3 rounded-md border border-dashed p-3" role="group" aria-labelledby={`${searchId}-title`}>
      <p id={`${searchId}-title`} className="text-sm font-medium">
        {t('adminQuotations.addFromCatalogue')}
      </p>
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <div className="grid gap-1.5">
          <Label htmlFor={kindId}>{t('adminQuotations.catalogueKind')}</Label>
          <select
            id={kindId}
            className={selectClass}
            value={kind}
            onChange={(event) => setKind(event.target.value as CatalogueKind)}
          >
            {CATALOGUE_KINDS.map((value) => (
              <option key={value} value={value}>
                {t(KIND_LABELS[value])}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={searchId}>{t('adminQuotations.catalogueSearch')}</Label>
          <Input
            id={searchId}
            type="search"
            value={search}
            autoComplete="off"
            placeholder={t('adminQuotations.catalogueSearchPlaceholder')}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => {
              // Enter here searches; it must not submit the quotation.
              if (event.key === 'Enter') event.preventDefault();
            }}
          />
        </div>
      </div>
      {q === '' ? null : results.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('adminQuotations.searching')}
        </p>
      ) : results.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('adminQuotations.searchFailed')}
        </p>
      ) : items.length === 0 ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('adminQuotations.noCatalogueMatch', { q })}
        </p>
      ) : (
        <ul className="grid gap-1" aria-label={t('adminQuotations.catalogueResults')}>
          {items.map((entry) => (
            <li key={entry.id}>
              <Button
                type="button"
                variant="ghost"
                className="h-auto w-full justify-start py-1.5 text-left whitespace-normal"
                disabled={adding !== null}
                onClick={() => void pick(entry)}
                aria-label={t('adminQuotations.addItem', { name: entry.name })}
              >
                <Plus aria-hidden="true" />
                <span className="min-w-0">
                  {entry.name}
                  {entry.code ? (
                    <span className="ml-2 font-mono text-xs text-muted-foreground">{entry.code}</span>
                  ) : null}
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
