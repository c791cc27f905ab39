import type { FocusEvent, ReactNode } from 'react';
import {
  rangeFieldName,
  rangesFromFields,
  type CatalogueFacets,
  type SpecFacet,
  type SpecRange,
  type SpecUnit,
} from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useLocalizedHref, useT } from '@/lib/i18n';
import type { CatalogueTab } from '../lib/catalogue-items';

const indianNumber = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 6 });

/** Units whose amounts are counted in whole numbers: nobody asks for 1,249.5 rpm or 6.5 steps. */
const WHOLE_UNITS: ReadonlySet<SpecUnit> = new Set(['rpm', 'kg', 'steps', 'V', 'N·m', 'bar', 'L', 'mm/min']);

/**
 * The step a range's end is rounded to, as people quote such figures: whole numbers from 10 up
 * (and for counted units), halves from 1 to 10 (7.5 HP, 2.5 kW), two significant digits below 1
 * (0.005 mm).
 */
function boundStep(value: number, unit: SpecUnit | null): number {
  const size = Math.abs(value);
  if (size >= 10 || (unit !== null && WHOLE_UNITS.has(unit) && size >= 1)) return 1;
  if (size >= 1) return 0.5;
  if (size === 0) return 1;
  return 10 ** (Math.floor(Math.log10(size)) - 1);
}

/**
 * A range's end as a buyer reads it: converted units give 29.503 HP, shown as 30. The low end is
 * rounded down and the high end up, so the printed range still holds every item it counts.
 */
export function formatBound(value: number, bound: 'min' | 'max', unit: SpecUnit | null): string {
  const step = boundStep(value, unit);
  // The small nudge keeps 2.3 (2.2999999… in binary) from rounding away from itself.
  const steps = bound === 'min' ? Math.floor(value / step + 1e-9) : Math.ceil(value / step - 1e-9);
  // Multiplying by a step below 1 leaves binary noise (0.0052000000000000006); 6 decimals drop it.
  // `+ 0` turns the -0 that Math.ceil makes of a tiny negative nudge into 0.
  return indianNumber.format(steps * step + 0);
}
const unitSuffix = (unit: string | null) => (unit === null ? '' : unit === '°' ? unit : ` ${unit}`);

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
        name={rangeFieldName(bound, facet.slug)}
        inputMode="decimal"
        autoComplete="off"
        defaultValue={facet.selected?.[bound] ?? ''}
        // With no item left to count, the facet's ends say nothing.
        placeholder={facet.count === 0 ? '' : formatBound(facet[bound], bound, facet.unit)}
        className="h-9 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm tabular-nums focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      />
    </>
  );
}

type RangeFilterProps = {
  facet: SpecFacet;
  onRange: (slug: string, range: Pick<SpecRange, 'min' | 'max'> | null) => void;
};

/** The range typed into a fieldset's two fields (null: both empty); undefined when one is no number. */
function typedRange(fieldset: HTMLFieldSetElement, slug: string): Pick<SpecRange, 'min' | 'max'> | null | undefined {
  const fields = [...fieldset.elements].flatMap((element) =>
    element instanceof HTMLInputElement ? [[element.name, element.value] as [string, string]] : [],
  );
  const { ranges } = rangesFromFields(fields);
  const typed = ranges.find((range) => range.slug === slug);
  return typed ? { min: typed.min, max: typed.max } : null;
}

/**
 * One specification's range: two numbers in the facet's unit, applied on leaving the pair, on
 * Enter or Apply (which send the whole form: without the app the server applies it).
 */
function RangeFilter({ facet, onRange }: RangeFilterProps) {
  const { t } = useT();
  const id = `filter-${facet.slug}`;
  const unit = unitSuffix(facet.unit);
  const applyOnLeave = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (event.currentTarget.contains(event.relatedTarget)) return;
    const range = typedRange(event.currentTarget, facet.slug);
    if (range === undefined) return;
    if (
      (range?.min ?? null) === (facet.selected?.min ?? null) &&
      (range?.max ?? null) === (facet.selected?.max ?? null)
    ) {
      return;
    }
    onRange(facet.slug, range);
  };
  return (
    <fieldset
      // Fresh fields whenever the applied range changes (Back, Reset), instead of stale typing.
      key={`${facet.selected?.min ?? ''}-${facet.selected?.max ?? ''}`}
      onBlur={applyOnLeave}
      aria-labelledby={`${id}-label`}
      className="flex min-w-0 flex-col gap-1.5"
    >
      <div className="flex items-baseline justify-between gap-2">
        <span id={`${id}-label`} className="text-sm font-medium">
          {facet.key}
          {facet.unit ? <span className="font-normal text-muted-foreground"> ({facet.unit})</span> : null}
        </span>
        <span className="text-xs text-muted-foreground tabular-nums">
          {t('catalogue.itemCount', { count: facet.count })}
        </span>
      </div>
      <div className="flex items-center gap-2">
        <BoundInput facet={facet} bound="min" label={t('catalogue.rangeFrom', { spec: facet.key, unit })} />
        <span aria-hidden="true" className="text-muted-foreground">
          –
        </span>
        <BoundInput facet={facet} bound="max" label={t('catalogue.rangeTo', { spec: facet.key, unit })} />
        {/* Enter applies; the button is for touch keyboards without one. */}
        <Button type="submit" size="sm" variant="outline" className="h-9 px-2.5">
          {t('catalogue.apply')}
        </Button>
      </div>
      <span className="text-xs text-muted-foreground tabular-nums">
        {facet.count === 0
          ? t('catalogue.noneWithOtherFilters')
          : `${formatBound(facet.min, 'min', facet.unit)}–${formatBound(facet.max, 'max', facet.unit)}${unit}`}
      </span>
    </fieldset>
  );
}

type CatalogueFilterPanelProps = {
  tab: CatalogueTab;
  category: string | null;
  facets: CatalogueFacets | undefined;
  failed: boolean;
  /** Filters in force (category and ranges), for the reset button. */
  active: number;
  /** What the form sends besides its own fields, so a plain submit keeps the rest of the list's URL. */
  hiddenFields: ReadonlyArray<readonly [name: string, value: string]>;
  /** The order and the spare parts' machine, above the filters. */
  children: ReactNode;
  onCategory: (category: string | null) => void;
  onRange: RangeFilterProps['onRange'];
  /** Every range the form offered (`slugs`) replaced by those typed (`ranges`). */
  onRanges: (slugs: string[], ranges: SpecRange[]) => void;
  onReset: () => void;
  /** Phones: the panel fills the screen, so it closes to show the results it counts. */
  onClose: () => void;
};

const formFields = (form: HTMLFormElement) =>
  [...new FormData(form).entries()].flatMap(([name, value]) =>
    typeof value === 'string' ? [[name, value] as [string, string]] : [],
  );

/**
 * The catalogue's filters beyond the search: the order, machine category and ranges of the typed
 * specifications the tab's items share, each with how many items it would show. The server
 * filters, like search and sort; the URL keeps them. It is a GET form of `/products`, so without
 * the app a submit asks the server for the filtered list (decision 035); with it, each change
 * applies at once.
 */
export function CatalogueFilterPanel({
  tab,
  category,
  facets,
  failed,
  active,
  hiddenFields,
  children,
  onCategory,
  onRange,
  onRanges,
  onReset,
  onClose,
}: CatalogueFilterPanelProps) {
  const { t, intl } = useT();
  const localize = useLocalizedHref();
  const applyTyped = (form: HTMLFormElement) => {
    const { slugs, ranges } = rangesFromFields(formFields(form));
    if (slugs.length > 0) onRanges(slugs, ranges);
  };
  return (
    <form
      id="catalogue-filters"
      method="get"
      action={localize(paths.products)}
      aria-label={t('catalogue.filters')}
      onSubmit={(event) => {
        event.preventDefault();
        applyTyped(event.currentTarget);
      }}
      className="mt-3 flex flex-col gap-4 rounded-lg border bg-muted/50 p-3 sm:p-4"
    >
      {hiddenFields.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <div className="flex flex-wrap items-center gap-3">{children}</div>
      {failed ? (
        <p className="text-sm text-muted-foreground">{t('catalogue.filtersLoadFailed')}</p>
      ) : facets === undefined ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner size="sm" /> {t('catalogue.loadingFilters')}
        </p>
      ) : (
        <div className="flex w-full flex-col gap-4">
          {tab === 'machines' && facets.categories.length > 0 ? (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="catalogue-category">{t('catalogue.machineType')}</Label>
              <select
                id="catalogue-category"
                name="category"
                value={category ?? ''}
                onChange={(event) => onCategory(event.target.value === '' ? null : event.target.value)}
                className="h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:max-w-xs"
              >
                <option value="">{t('catalogue.allMachines')}</option>
                {facets.categories.map((entry) => (
                  <option key={entry.slug} value={entry.slug}>
                    {entry.name} ({intl.formatNumber(entry.count)})
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {facets.specs.length > 0 ? (
            // On a phone the ranges scroll in a box of their own, so the count and Reset stay in reach.
            <div
              role="group"
              aria-label={t('catalogue.specRanges')}
              className="grid gap-4 max-sm:-mx-1 max-sm:max-h-[45dvh] max-sm:overflow-y-auto max-sm:px-1 max-sm:pb-1 sm:grid-cols-2 lg:grid-cols-3"
            >
              {facets.specs.map((facet) => (
                <RangeFilter key={facet.slug} facet={facet} onRange={onRange} />
              ))}
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">{t('catalogue.noSpecs')}</p>
          )}
          <div className="flex items-center justify-between gap-3">
            <p aria-live="polite" className="text-sm text-muted-foreground">
              {t('catalogue.itemsMatch', { count: facets.total })}
            </p>
            <div className="flex gap-2">
              {/* Without the app the server drops the filters (foldRangeFields); with it, at once. */}
              <Button
                type="submit"
                name="reset"
                value="filters"
                variant="outline"
                size="sm"
                onClick={(event) => {
                  event.preventDefault();
                  onReset();
                }}
                disabled={active === 0}
              >
                {t('catalogue.resetFilters', { count: active })}
              </Button>
              <Button type="submit" size="sm" className="max-sm:hidden">
                {t('catalogue.applyFilters')}
              </Button>
              <Button
                type="submit"
                size="sm"
                onClick={(event) => {
                  event.preventDefault();
                  const form = event.currentTarget.form;
                  if (form) applyTyped(form);
                  onClose();
                }}
                className="sm:hidden"
              >
                {t('catalogue.showItems', { count: facets.total })}
              </Button>
            </div>
          </div>
        </div>
      )}
    </form>
  );
}
