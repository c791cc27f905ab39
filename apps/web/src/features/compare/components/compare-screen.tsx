import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ArrowLeft, MessageSquareQuote, X } from 'lucide-react';
import type { Machine } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { COMPARE_MAX, useCompareList } from '@/lib/compare-list';
import { formatRupees } from '@/lib/format';
import { useT, type Translator } from '@/lib/i18n';
import { quoteLink } from '@/lib/quote-link';
import { useSiteSettings } from '@/lib/site-settings';
import { cn } from '@/lib/utils';
import { useMachineCategories } from '@/lib/machine-categories';
import { useComparedMachines } from '../api/get-compared-machine';
import { compareRows, parseCompareIds, type CompareCell } from '../lib/compare-rows';

/**
 * The page's title, in English the same the server puts in the head (shared links preview with it):
 * `Compare A vs B | Company`.
 */
export function compareTitle(t: Translator['t'], names: readonly string[], companyName: string): string {
  const what =
    names.length === 0
      ? t('compare.title')
      : t('compare.titleWithNames', {
          names: names.reduce((left, right) => t('compare.versus', { left, right })),
        });
  return companyName === '' ? what : `${what} | ${companyName}`;
}

// Phones: each row's label is a line of its own above the values (the label cells are hidden), and
// the machines share the width in equal columns, so nothing scrolls sideways or is cut off. From
// `sm` up: a label column that stays put while the table scrolls sideways, should it ever need to.
// Without its background and text colour, which each use of it sets.
const headerCellLayout =
  'hidden sm:table-cell sticky left-0 z-10 w-44 min-w-44 border-r px-3 py-3 text-left align-top font-medium';
const headerCell = `${headerCellLayout} bg-background text-slate-700`;
const valueCell = 'px-1.5 py-2 align-top break-words max-sm:text-xs sm:min-w-52 sm:px-3 sm:py-3';
const groupLabel = 'px-1.5 pt-3 pb-0 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase sm:hidden';

function Cell({ cell, differs }: { cell: CompareCell | null; differs: boolean }) {
  const { t } = useT();
  return (
    <td className={cn(valueCell, differs && 'bg-amber-50')}>
      {cell === null ? (
        <span className="text-muted-foreground">
          <span aria-hidden="true">—</span>
          <span className="sr-only">{t('compare.notStated')}</span>
        </span>
      ) : (
        <>
          <span className="break-words">{cell.text}</span>
          {cell.entered ? (
            <span className="block text-xs text-muted-foreground">
              {t('compare.enteredAs', { value: cell.entered })}
            </span>
          ) : null}
        </>
      )}
    </td>
  );
}

function RowHeader({ label, differs }: { label: string; differs: boolean }) {
  const { t } = useT();
  return (
    <th scope="row" className={cn(headerCellLayout, 'text-slate-700', differs ? 'bg-amber-50' : 'bg-background')}>
      {label}
      {differs ? (
        <span className="mt-1 block text-xs font-normal text-amber-800">
          <span aria-hidden="true">● </span>
          {t('compare.differs')}
        </span>
      ) : null}
    </th>
  );
}

function CompareTable({ machines, onRemove }: { machines: Machine[]; onRemove: (id: string) => void }) {
  const translator = useT();
  const { t } = translator;
  const categories = useMachineCategories();
  // A machine without a brand is the company's own make (decision 053).
  const ownMake = useSiteSettings()?.company.name ?? null;
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const categoryName = (slug: string) =>
    slug === 'machine' ? t('compare.uncategorised') : (categories.data?.find((c) => c.slug === slug)?.name ?? slug);
  const several = machines.length > 1;
  const fixed = [
    {
      key: t('compare.rowPrice'),
      cells: machines.map((m) => formatRupees(m.price, translator)),
    },
    { key: t('compare.rowCategory'), cells: machines.map((m) => categoryName(m.category)) },
    { key: t('compare.rowBrand'), cells: machines.map((m) => m.brand ?? ownMake) },
  ].map((row) => ({
    key: row.key,
    cells: row.cells.map((text) => (text === null ? null : { text, entered: null })),
    differs: several && new Set(row.cells).size > 1,
  }));
  const rows = [...fixed, ...compareRows(machines)].filter((row) => !onlyDifferences || row.differs);

  return (
    <>
      {several ? (
        <label className="mt-4 flex w-fit items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={onlyDifferences}
            onChange={(event) => setOnlyDifferences(event.target.checked)}
          />
          {t('compare.onlyDifferences')}
        </label>
      ) : null}
      {/* Sideways scroll on a phone; the first column stays put so every value keeps its label.
          Positioned, so the visually hidden texts inside are clipped by it, not laid out past the page. */}
      <div
        className="relative mt-4 overflow-x-auto rounded-lg border"
        // Focusable so a keyboard can scroll it; a named region, since a name needs a role to belong to.
        role="region"
        tabIndex={0}
        aria-label={t('compare.tableLabel')}
      >
        <table className="w-full table-fixed border-separate border-spacing-0 text-sm sm:table-auto [&_tr>*]:border-b">
          <caption className="sr-only">
            {t('compare.tableCaption', { names: machines.map((m) => m.name).join(', ') })}
          </caption>
          <thead>
            <tr>
              <td className={cn(headerCellLayout, 'bg-background text-xs text-muted-foreground')}>
                {t('compare.countOfMax', { count: machines.length, max: COMPARE_MAX })}
              </td>
              {machines.map((machine) => {
                const thumb = machine.media[0]?.thumbnailUrl;
                return (
                  <th key={machine.id} scope="col" className={cn(valueCell, 'text-left font-normal')}>
                    <div className="flex flex-col-reverse gap-1 sm:flex-row sm:items-start sm:justify-between">
                      <div className="flex min-w-0 flex-col gap-2">
                        {thumb ? (
                          <img
                            src={thumb}
                            alt=""
                            width={160}
                            height={120}
                            className="aspect-[4/3] w-full max-w-40 rounded-md bg-muted object-cover"
                          />
                        ) : null}
                        <Link
                          to={paths.product(machine.id)}
                          className="font-semibold break-words text-primary hover:underline max-sm:text-xs"
                        >
                          {machine.name}
                        </Link>
                        {machine.code ? <span className="text-xs text-muted-foreground">{machine.code}</span> : null}
                      </div>
                      <Button
                        size="icon"
                        variant="ghost"
                        className="size-8 shrink-0 self-end sm:self-auto"
                        aria-label={t('compare.remove', { name: machine.name })}
                        onClick={() => onRemove(machine.id)}
                      >
                        <X aria-hidden="true" />
                      </Button>
                    </div>
                  </th>
                );
              })}
            </tr>
          </thead>
          {rows.map((row) => (
            // A group per row, so on a phone the label line above the values heads them (rowgroup).
            <tbody key={row.key}>
              <tr className="sm:hidden">
                <th
                  scope="rowgroup"
                  colSpan={machines.length}
                  className={cn(groupLabel, row.differs && 'bg-amber-50', 'border-b-0!')}
                >
                  {row.key}
                  {row.differs ? (
                    <span className="font-normal text-amber-800 normal-case"> · {t('compare.differs')}</span>
                  ) : null}
                </th>
              </tr>
              <tr>
                <RowHeader label={row.key} differs={row.differs} />
                {row.cells.map((cell, column) => (
                  <Cell key={machines[column]!.id} cell={cell} differs={row.differs} />
                ))}
              </tr>
            </tbody>
          ))}
          <tbody>
            <tr>
              <th scope="row" className={headerCell}>
                <span className="sr-only">{t('compare.requestAQuote')}</span>
              </th>
              {machines.map((machine) => (
                <td key={machine.id} className={valueCell}>
                  <Button asChild size="sm" className="bg-accent text-accent-foreground hover:bg-accent/90">
                    <Link
                      to={quoteLink('machine', machine.name, machine.category)}
                      aria-label={t('compare.requestQuoteFor', { name: machine.name })}
                      className="max-sm:w-full max-sm:px-1"
                    >
                      <MessageSquareQuote aria-hidden="true" className="max-sm:hidden" />
                      <span className="sm:hidden">{t('compare.quote')}</span>
                      <span className="max-sm:hidden">{t('compare.requestQuote')}</span>
                    </Link>
                  </Button>
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * `/compare?ids=a,b,c` shows up to four machines side by side. The machines come from
 * the URL, so a shared link shows the same comparison; the compare bar links here with this
 * browser's choice.
 */
export function CompareScreen() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const ids = parseCompareIds(searchParams.get('ids'), COMPARE_MAX);
  const results = useComparedMachines(ids);
  const { remove } = useCompareList();
  const companyName = useSiteSettings()?.company.name ?? '';
  const { t } = useT();
  const pending = results.some((result) => result.isPending);
  const failed = results.some((result) => result.isError);
  const machines = results.flatMap((result) => (result.data ? [result.data] : []));
  const missing = pending || failed ? 0 : ids.length - machines.length;
  const title = compareTitle(
    t,
    machines.map((m) => m.name),
    companyName,
  );

  useEffect(() => {
    if (!pending) document.title = title;
  }, [pending, title]);

  const removeMachine = (id: string) => {
    remove(id);
    void navigate(paths.compare(ids.filter((other) => other !== id)), { replace: true, preventScrollReset: true });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <Button asChild variant="ghost" className="-ml-3">
        <Link to={paths.products}>
          <ArrowLeft aria-hidden="true" />
          {t('compare.backToCatalogue')}
        </Link>
      </Button>
      <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">{t('compare.title')}</h1>
      {pending ? (
        <div
          role="status"
          className="flex min-h-[30vh] flex-col items-center justify-center gap-3 text-muted-foreground"
        >
          <Spinner size="lg" />
          <p>{t('compare.loading')}</p>
        </div>
      ) : failed ? (
        <p role="alert" className="mt-6 text-muted-foreground">
          {t('compare.loadFailed')}
        </p>
      ) : machines.length === 0 ? (
        <div className="mt-6 flex flex-col items-start gap-4">
          <p className="text-muted-foreground">{t('compare.empty', { max: COMPARE_MAX })}</p>
          <Button asChild>
            <Link to={paths.products}>{t('compare.browseMachines')}</Link>
          </Button>
        </div>
      ) : (
        <>
          <p className="mt-2 text-muted-foreground">{t('compare.intro')}</p>
          {missing > 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">{t('compare.missing', { count: missing })}</p>
          ) : null}
          <CompareTable machines={machines} onRemove={removeMachine} />
        </>
      )}
    </div>
  );
}
