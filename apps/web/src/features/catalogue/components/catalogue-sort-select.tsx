import { useEffect, useEffectEvent, useRef } from 'react';
import { Label } from '@/components/ui/label';
import { useT } from '@/lib/i18n';
import { parseSort, SORT_LABELS, SORT_OPTIONS, type CatalogueSort } from '../lib/catalogue-items';

type CatalogueSortSelectProps = {
  sort: CatalogueSort;
  onSortChange: (sort: CatalogueSort) => void;
};

/** The catalogue's "Sort by" list, shown in its filters panel. */
export function CatalogueSortSelect({ sort, onSortChange }: CatalogueSortSelectProps) {
  // The catalogue's app starts at the visitor's first input (decision 009): an order picked in the
  // server's HTML before it took the page over is in the field and nowhere else. It is applied.
  const { t } = useT();
  const selectRef = useRef<HTMLSelectElement>(null);
  const takeOverChosenSort = useEffectEvent(() => {
    const chosen = selectRef.current?.value;
    if (chosen !== undefined && chosen !== sort) onSortChange(parseSort(chosen));
  });
  useEffect(() => takeOverChosenSort(), []);

  return (
    <>
      <Label htmlFor="catalogue-sort">{t('catalogue.sortBy')}</Label>
      <select
        ref={selectRef}
        id="catalogue-sort"
        name="sort"
        value={sort}
        onChange={(event) => onSortChange(parseSort(event.target.value))}
        className="h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {t(SORT_LABELS[option])}
          </option>
        ))}
      </select>
    </>
  );
}
