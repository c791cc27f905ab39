import type { FormEvent } from 'react';
import type { CatalogueFacets, SpecFacet, SpecRange } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { formatIndianNumber } from '@/lib/format';
import type { CatalogueTab } from '../lib/catalogue-items';

const indianDecimals = [0, 1, 2].map((digits) => new Intl.NumberFormat('en-IN', { maximumFractionDigits: digits })) as [
  Intl.NumberFormat,
  Intl.NumberFormat,
  Intl.NumberFormat,
];

/**
 * A range's end as a buyer reads it: converted units give 29.503 HP, shown as 29.6 (two or three
 * significant digits). The low end is rounded down and the high end up, so the printed range
 * still holds every item it counts.
 */
function formatBound(value: number, bound: 'min' | 'max'): string {
  const digits: 0 | 1 | 2 = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  const scale = 10 ** digits;
  // The small nudge keeps 2.3 (2.2999999… in binary) from rounding away from itself.
  const rounded = (bound === 'min' ? Math.floor(value * scale + 1e-9) : Math.ceil(value * scale - 1e-9)) / scale;
  return indianDecimals[digits].format(rounded);
}
const unitSuffix = (unit: string | null) => (unit === null ? '' : unit === '°' ? unit : ` ${unit}`);
const items = (count: number) => `${formatIndianNumber(count)} ${count === 1 ? 'item' : 'items'}`;

function readBound(text: string): number | null | undefined {
  const trimmed = text.trim().replaceAll(',', '');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

type BoundInputProps = { facet: SpecFacet; bound: 'min' | 'max'; label: string };

/** One end of a range: empty means open, the facet's own end shows as the placeholder. */
function BoundInput({ facet, bound, label }: BoundInputProps) {
  const id = `filter-${facet.slug}-${bound}`;
  return (
    <>
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <input
        id={id}
        name={bound}
        inputMode="decimal"
        autoComplete="off"
        defaultValue={facet.selected?.[bound] ?? ''}
        placeholder={formatBound(facet[bound], bound)}
        className="h-9 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm tabular-nums focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      />
    </>
  );
}

type RangeFilterProps = {
  facet: SpecFacet;
  onRange: (slug: string, range: Pick<SpecRange, 'min' | 'max'> | null) => void;
};

/** One specification's range: two numbers in the facet's unit, applied on Enter or leaving a field. */
function RangeFilter({ facet, onRange }: RangeFilterProps) {
  const id = `filter-${facet.slug}`;
  const unit = unitSuffix(facet.unit);
  const apply = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const min = readBound(String(data.get('min') ?? ''));
    const max = readBound(String(data.get('max') ?? ''));
    if (min === undefined || max === undefined) return;
    const [low, high] = min !== null && max !== null && min > max ? [max, min] : [min, max];
    if (low === (facet.selected?.min ?? null) && high === (facet.selected?.max ?? null)) return;
    onRange(facet.slug, low === null && high === null ? null : { min: low, max: high });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  return (
    <form
      // Fresh fields whenever the applied range changes (Back, Reset), instead of stale typing.
      key={`${facet.selected?.min ?? ''}-${facet.selected?.max ?? ''}`}
      onSubmit={submit}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) apply(event.currentTarget);
      }}
      aria-labelledby={`${id}-label`}
      className="flex flex-col gap-1.5"
    >
      <div className="flex items-baseline justify-between gap-2">
        <span id={`${id}-label`} className="text-sm font-medium">
          {facet.key}
          {facet.unit ? <span className="font-normal text-muted-foreground"> ({facet.unit})</span> : null}
        </span>
        <span className="text-xs text-muted-foreground tabular-nums">{items(facet.count)}</span>
      </div>
      <div className="flex items-center gap-2">
        <BoundInput facet={facet} bound="min" label={`${facet.key} from${unit}`} />
        <span aria-hidden="true" className="text-muted-foreground">
          –
        </span>
        <BoundInput facet={facet} bound="max" label={`${facet.key} to${unit}`} />
        {/* Enter applies; the button is for touch keyboards without one. */}
        <Button type="submit" size="sm" variant="outline" className="h-9 px-2.5">
          Apply
        </Button>
      </div>
      <span className="text-xs text-muted-foreground tabular-nums">
        {facet.count === 0
          ? 'None with the other filters'
          : `${formatBound(facet.min, 'min')}–${formatBound(facet.max, 'max')}${unit}`}
      </span>
    </form>
  );
}

type CatalogueFilterPanelProps = {
  tab: CatalogueTab;
  category: string | null;
  facets: CatalogueFacets | undefined;
  failed: boolean;
  /** Filters in force (category and ranges), for the reset button. */
  active: number;
  onCategory: (category: string | null) => void;
  onRange: RangeFilterProps['onRange'];
  onReset: () => void;
  /** Phones: the panel fills the screen, so it closes to show the results it counts. */
  onClose: () => void;
};

/**
 * Issue 19: the catalogue's filters beyond the order: machine category and ranges of the typed
 * specifications the tab's items share, each with how many items it would show. The server
 * filters, like search and sort; the URL keeps them.
 */
export function CatalogueFilterPanel({
  tab,
  category,
  facets,
  failed,
  active,
  onCategory,
  onRange,
  onReset,
  onClose,
}: CatalogueFilterPanelProps) {
  if (failed) return <p className="text-sm text-muted-foreground">Filters could not be loaded.</p>;
  if (facets === undefined) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" /> Loading filters...
      </p>
    );
  }
  return (
    <div className="flex w-full flex-col gap-4">
      {tab === 'machines' && facets.categories.length > 0 ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="catalogue-category">Machine type</Label>
          <select
            id="catalogue-category"
            value={category ?? ''}
            onChange={(event) => onCategory(event.target.value === '' ? null : event.target.value)}
            className="h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:max-w-xs"
          >
            <option value="">All machines</option>
            {facets.categories.map((entry) => (
              <option key={entry.slug} value={entry.slug}>
                {entry.name} ({formatIndianNumber(entry.count)})
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {facets.specs.length > 0 ? (
        // On a phone the ranges scroll in a box of their own, so the count and Reset stay in reach.
        <div
          role="group"
          aria-label="Specification ranges"
          className="grid gap-4 max-sm:-mx-1 max-sm:max-h-[45dvh] max-sm:overflow-y-auto max-sm:px-1 max-sm:pb-1 sm:grid-cols-2 lg:grid-cols-3"
        >
          {facets.specs.map((facet) => (
            <RangeFilter key={facet.slug} facet={facet} onRange={onRange} />
          ))}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">No specifications to filter by on this tab.</p>
      )}
      <div className="flex items-center justify-between gap-3">
        <p aria-live="polite" className="text-sm text-muted-foreground">
          {items(facets.total)} match
        </p>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={onReset} disabled={active === 0}>
            Reset filters{active > 0 ? ` (${active})` : ''}
          </Button>
          <Button size="sm" onClick={onClose} className="sm:hidden">
            Show {items(facets.total)}
          </Button>
        </div>
      </div>
    </div>
  );
}
