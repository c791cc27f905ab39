import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Save } from 'lucide-react';
import type { CatalogueSummary } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { invalidateCatalogue } from '@/lib/catalogue-cache';
import { type BackOfficeKey, useAdminT } from '@/lib/i18n/admin';
import { useAdminList } from '../api/get-admin-list';
import { useFeaturedLists } from '../api/get-featured-lists';
import { useCatalogueSummary } from '../api/get-catalogue-summary';
import { updateFeatured } from '../api/update-featured';
import { updateFeaturedOrder } from '../api/update-featured-order';
import { useListPaging } from '../hooks/use-list-paging';
import { toFeaturedEntries } from '../lib/featured-entries';
import { moveEntry, savedOrder, shownOrder } from '../lib/featured-order';
import { offsetOf, pageCountOf } from '../lib/paging';
import { featuredDelta, togglePending, withoutSaved, type PendingFeaturedMap } from '../lib/pending-featured';
import { ENDPOINTS, type AdminItem, type AdminProductType } from '../lib/product-types';
import { FeaturedOrderPanel } from './featured-order-panel';
import { FeaturedProductsTable } from './featured-products-table';
import { ListPageFooter } from './list-page-footer';
import { ListSearch } from './list-search';
import { ProductTypeSwitch } from './product-type-switch';

/** Rows per page: the table must not render 25,000 spare parts (decision 010). */
export const FEATURED_PAGE_SIZE = 50;

/**
 * SPEC §2's four counters, from the summary (null until it loads); Featured includes the unsaved toggles.
 * `id` (the English label) names each for tests in any language.
 */
function counters(summary: CatalogueSummary | undefined, pending: PendingFeaturedMap) {
  const of = (value: (s: CatalogueSummary) => number) => (summary ? value(summary) : null);
  const all: { id: string; label: BackOfficeKey; value: number | null }[] = [
    {
      id: 'Total Products',
      label: 'adminCatalogue.totalProducts',
      value: of((s) => s.products.total + s.spareParts.total + s.services.total),
    },
    {
      id: 'Featured',
      label: 'adminCatalogue.featured',
      value: of((s) => s.products.featured + s.spareParts.featured + s.services.featured + featuredDelta(pending)),
    },
    { id: 'Machines', label: 'adminCatalogue.machines', value: of((s) => s.products.total) },
    {
      id: 'Parts & Services',
      label: 'adminCatalogue.partsAndServices',
      value: of((s) => s.spareParts.total + s.services.total),
    },
  ];
  return all;
}

/** The search box's name for each list. */
const SEARCH_LABEL: Record<AdminProductType, BackOfficeKey> = {
  machine: 'adminCatalogue.searchMachines',
  spare: 'adminCatalogue.searchSpareParts',
  service: 'adminCatalogue.searchServices',
};

export function FeaturedProductsScreen() {
  const { t, intl } = useAdminT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [type, setType] = useState<AdminProductType>('machine');
  const { term, setTerm, searchTerm, page, goToPage } = useListPaging(type);
  // Machines here are every product, as this screen always showed (SPEC §7 'GET /api/products').
  const list = useAdminList<AdminItem>({
    endpoint: ENDPOINTS[type],
    query: { q: searchTerm, offset: offsetOf(page, FEATURED_PAGE_SIZE), limit: FEATURED_PAGE_SIZE },
  });
  const summary = useCatalogueSummary();
  const error = list.error ?? summary.error;

  // Toggles stay local until Save Changes (SPEC §4), across pages, lists and searches. Kept apart
  // from the fetched pages, so a refetch can never wipe them.
  const [pending, setPending] = useState<PendingFeaturedMap>(() => new Map());
  const [saving, setSaving] = useState(false);
  // Staff's moves in the landing-page order (entry keys), null until the first; local until saved.
  const [moved, setMoved] = useState<string[] | null>(null);
  const featuredLists = useFeaturedLists();
  const saved = useMemo(
    () => (featuredLists.status === 'success' ? savedOrder(featuredLists.lists) : []),
    [featuredLists],
  );
  const order = useMemo(() => shownOrder(saved, moved, pending), [saved, moved, pending]);

  // Said once per failure, in the language of that moment.
  const reportError = useEffectEvent((failure: Error) => {
    console.error('Error fetching products:', failure);
    toast({
      variant: 'destructive',
      title: t('adminCatalogue.error'),
      description: t('adminCatalogue.fetchProductsFailed'),
    });
  });
  useEffect(() => {
    if (error) reportError(error);
  }, [error]);

  const rows = useMemo(() => (list.data ? toFeaturedEntries(type, list.data.items) : []), [list.data, type]);
  const total = list.data?.total ?? 0;
  const pageCount = pageCountOf(total, FEATURED_PAGE_SIZE);
  // The list shrank under the current page (a delete elsewhere): step back to its new last page.
  if (list.data && !list.isPlaceholderData && page > pageCount) goToPage(pageCount);
  // The second case: an emptied page while the page before it loads.
  const loading = list.isPending || (total > 0 && rows.length === 0);

  const save = async () => {
    const changes = [...pending.values()];
    if (saving || (changes.length === 0 && moved === null)) return;
    setSaving(true);
    const outcomes = await Promise.allSettled(
      changes.map(({ type: changeType, id, featured }) => updateFeatured({ type: changeType, id, featured })),
    );
    const succeeded = changes.filter((_, i) => outcomes[i]?.status === 'fulfilled');
    const failed = changes.filter((_, i) => outcomes[i]?.status === 'rejected');
    // The order goes after the toggles, as the server places featured items only; an item whose
    // featuring failed is left out of it (it stays pending and is sent again).
    let orderFailed = false;
    if (moved !== null) {
      const notFeatured = new Set(failed.filter((c) => c.featured).map((c) => `${c.type}:${c.id}`));
      try {
        await updateFeaturedOrder({ ids: order.filter((e) => !notFeatured.has(e.key)).map((e) => e.id) });
      } catch (error) {
        console.error('Error saving the landing page order:', error);
        orderFailed = true;
      }
    }
    // Refetched before the saved changes are forgotten, so their rows and the Featured counter
    // never flash the old server value. Failed ones stay pending: still 'changed', sent again.
    if (succeeded.length > 0 || (moved !== null && !orderFailed)) await invalidateCatalogue(queryClient);
    setPending((current) => withoutSaved(current, succeeded));
    if (!orderFailed) setMoved(null);
    setSaving(false);
    const failedNames = failed.map((e) => e.name).join(', ');
    if (orderFailed) {
      toast({
        variant: 'destructive',
        title: t('adminCatalogue.error'),
        description:
          failed.length > 0
            ? t('adminCatalogue.saveFailedOrderAndItems', { names: failedNames })
            : t('adminCatalogue.saveFailedOrder'),
      });
    } else if (failed.length === 0) {
      toast({ title: t('adminCatalogue.success'), description: t('adminCatalogue.featuredSaved') });
    } else {
      for (const [i, outcome] of outcomes.entries()) {
        if (outcome.status === 'rejected') console.error(`Error saving ${changes[i]?.name ?? ''}:`, outcome.reason);
      }
      toast({
        variant: 'destructive',
        title: t('adminCatalogue.error'),
        description: t('adminCatalogue.saveFailedItems', { names: failedNames }),
      });
    }
  };

  const unsaved = pending.size + (moved === null ? 0 : 1);

  return (
    <div className="flex flex-col gap-6">
      <div>
        <Button variant="ghost" className="-ml-3" onClick={() => void navigate(paths.admin.products)}>
          <ArrowLeft aria-hidden="true" />
          {t('adminCatalogue.backToProducts')}
        </Button>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t('adminCatalogue.featuredProducts')}</h1>
          <p className="text-muted-foreground">{t('adminCatalogue.featuredIntro')}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {/* Changes may sit on other pages or lists: say how many will be sent. */}
          <p aria-live="polite" className="text-sm text-muted-foreground">
            {unsaved === 0 ? '' : t('adminCatalogue.unsavedChanges', { count: unsaved })}
          </p>
          {/* aria-disabled, not disabled: the button keeps the keyboard focus through and after a save. */}
          <Button
            onClick={() => void save()}
            aria-disabled={saving || unsaved === 0}
            className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
          >
            {saving ? <Spinner tone="current" /> : <Save aria-hidden="true" />}
            {saving ? t('adminCatalogue.saving') : t('adminCatalogue.saveChanges')}
          </Button>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={summary.isPending}>
        {counters(summary.data, pending).map((c) => (
          <Card key={c.id} className="flex flex-col-reverse gap-1 p-4">
            <dt className="text-sm text-muted-foreground">{t(c.label)}</dt>
            <dd className="text-2xl font-bold tabular-nums" data-testid={`counter-${c.id}`}>
              {c.value === null ? '–' : intl.formatNumber(c.value)}
            </dd>
          </Card>
        ))}
      </dl>

      <FeaturedOrderPanel
        status={featuredLists.status}
        order={order}
        changed={moved !== null}
        disabled={saving}
        onMove={(index, step) => setMoved(moveEntry(order, index, step).map((e) => e.key))}
      />

      <Card className="overflow-hidden">
        <div className="flex flex-col gap-3 border-b p-4">
          <h2 id="all-products-heading" className="text-lg font-semibold">
            {t('adminCatalogue.allProducts')}
          </h2>
          <div className="flex flex-wrap items-center gap-3">
            <ProductTypeSwitch value={type} onChange={setType} />
            <ListSearch id="featured-products-search" label={t(SEARCH_LABEL[type])} value={term} onChange={setTerm} />
          </div>
        </div>
        {loading ? (
          <p role="status" className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
            <Spinner />
            {t('adminCatalogue.loadingProducts')}
          </p>
        ) : rows.length === 0 ? (
          <p className="py-12 text-center text-muted-foreground">{t('adminCatalogue.noProducts')}</p>
        ) : (
          <>
            <FeaturedProductsTable
              labelledBy="all-products-heading"
              rows={rows}
              pending={pending}
              disabled={saving}
              stale={list.isPlaceholderData}
              onToggle={(entry) => setPending((current) => togglePending(current, entry))}
            />
            <ListPageFooter
              offset={list.data?.offset ?? 0}
              shown={rows.length}
              total={total}
              page={page}
              pageCount={pageCount}
              onPage={goToPage}
              className="border-t p-4"
            />
          </>
        )}
      </Card>
    </div>
  );
}
