import { type BackOfficeKey, useAdminT } from '@/lib/i18n/admin';
import { cn } from '@/lib/utils';
import { CATEGORY_FALLBACK, type FeaturedEntry } from '../lib/featured-entries';
import { shownFeatured, type PendingFeaturedMap } from '../lib/pending-featured';
import type { AdminProductType } from '../lib/product-types';

/** SPEC §4's columns of the 'All Products' table. */
const COLUMNS: BackOfficeKey[] = [
  'adminCatalogue.featured',
  'adminCatalogue.columnName',
  'adminCatalogue.columnType',
  'adminCatalogue.columnCategory',
  'adminCatalogue.columnDescription',
];

export const TYPE_BADGE: Record<AdminProductType, { label: BackOfficeKey; className: string }> = {
  machine: { label: 'adminCatalogue.typeMachine', className: 'bg-blue-100 text-blue-800' },
  spare: { label: 'adminCatalogue.typeSpare', className: 'bg-green-100 text-green-800' },
  service: { label: 'adminCatalogue.typeService', className: 'bg-purple-100 text-purple-800' },
};

interface FeaturedProductsTableProps {
  labelledBy: string;
  rows: FeaturedEntry[];
  pending: PendingFeaturedMap;
  disabled: boolean;
  /** True while an earlier page stays on screen until the requested one arrives. */
  stale: boolean;
  onToggle: (entry: FeaturedEntry) => void;
}

/** SPEC §2 'All Products' table: Featured (checkbox), Name, Type badge, Category, Description. */
export function FeaturedProductsTable({
  labelledBy,
  rows,
  pending,
  disabled,
  stale,
  onToggle,
}: FeaturedProductsTableProps) {
  const { t } = useAdminT();
  return (
    // Scrolls sideways on phones rather than squeezing five columns into 390 px.
    <div className="overflow-x-auto">
      <table
        aria-labelledby={labelledBy}
        aria-busy={stale}
        className={cn('w-full min-w-[40rem] text-left text-sm transition-opacity', stale && 'opacity-60')}
      >
        <thead className="bg-muted/60 text-xs text-muted-foreground uppercase">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-4 py-3">
                {t(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => {
            const badge = TYPE_BADGE[e.type];
            const featured = shownFeatured(pending, e);
            const isChanged = featured !== e.featured;
            return (
              <tr key={e.key} className={cn('border-t', isChanged && 'bg-amber-50')} data-changed={isChanged}>
                <td className="px-4 py-3">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
                    checked={featured}
                    disabled={disabled}
                    onChange={() => onToggle(e)}
                    aria-label={t('adminCatalogue.featuredFor', { name: e.name })}
                  />
                  {isChanged ? <span className="sr-only">{t('adminCatalogue.unsavedChange')}</span> : null}
                </td>
                <th scope="row" className="px-4 py-3 font-medium">
                  {e.name}
                </th>
                <td className="px-4 py-3">
                  <span
                    className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', badge.className)}
                    data-type={e.type}
                  >
                    {t(badge.label)}
                  </span>
                </td>
                <td className="px-4 py-3">{e.category ?? t(CATEGORY_FALLBACK[e.type])}</td>
                <td className="max-w-md px-4 py-3 text-muted-foreground">
                  <span className="line-clamp-2">{e.description}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
