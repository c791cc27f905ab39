import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Pencil, Plus, RotateCw, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { firstUsableImage, type PlaceholderKind } from '@/lib/images';
import { useCan } from '@/hooks/use-can';
import { type BackOfficeKey, useAdminT } from '@/lib/i18n/admin';
import { cn } from '@/lib/utils';
import { useAdminList } from '../api/get-admin-list';
import { useListPaging } from '../hooks/use-list-paging';
import { offsetOf, pageCountOf } from '../lib/paging';
import { PRODUCT_LIST_FILTERS, type AdminItem, type AdminProductType } from '../lib/product-types';
import { DeleteItemDialog } from './delete-item-dialog';
import { ListPageFooter } from './list-page-footer';
import { ListSearch } from './list-search';
import { TranslationBadges } from './translation-badges';
import { TranslationGapsNotice } from './translation-gaps-notice';

/** Cards per page: a 25,000-part list must not render 25,000 cards (decision 010). */
export const ADMIN_LIST_PAGE_SIZE = 24;

/** SPEC §2: the one generic admin list, configured per product type; its texts are message keys. */
export interface AdminProductListConfig {
  productType: AdminProductType;
  title: BackOfficeKey;
  addButtonText: BackOfficeKey;
  addRoute: string;
  editRoutePrefix: (id: string) => string;
  endpoint: string;
  emptyMessage: BackOfficeKey;
  /** The card's edit button text ('Edit Machine', 'Edit Part', 'Edit Service'). */
  editButtonText: BackOfficeKey;
  /** The search box's name ('Search machines'). */
  searchLabel: BackOfficeKey;
  /** 'Could not load machines.' */
  loadFailedMessage: BackOfficeKey;
  /** 'No machines match "{term}".' */
  noMatchMessage: BackOfficeKey;
}

/** What the console calls each list (for developers, in English). */
const LOG_NAME: Record<AdminProductType, string> = {
  machine: 'machines',
  spare: 'spare parts',
  service: 'services',
};

const PLACEHOLDER_KIND: Record<AdminProductType, PlaceholderKind | null> = {
  machine: 'machine',
  spare: 'part',
  service: null,
};

export function AdminProductList(config: AdminProductListConfig) {
  const {
    productType,
    title,
    addButtonText,
    addRoute,
    editRoutePrefix,
    endpoint,
    emptyMessage,
    editButtonText,
    searchLabel,
    loadFailedMessage,
    noMatchMessage,
  } = config;
  const { t } = useAdminT();
  const navigate = useNavigate();
  // Sales sees the catalogue read-only (decision 024): no add, edit or delete.
  const canWrite = useCan('catalogue.write');
  const { term, setTerm, searchTerm, page, goToPage } = useListPaging();
  const list = useAdminList<AdminItem>({
    endpoint,
    query: { q: searchTerm, offset: offsetOf(page, ADMIN_LIST_PAGE_SIZE), limit: ADMIN_LIST_PAGE_SIZE },
    filters: PRODUCT_LIST_FILTERS[productType],
  });
  const [toDelete, setToDelete] = useState<{ id: string; name: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // SPEC §8 'Admin list error: only logged; list stays empty'. Logged once per failure.
  const [loggedError, setLoggedError] = useState<unknown>(null);
  if (list.error && list.error !== loggedError) {
    setLoggedError(list.error);
    console.error(`Error fetching ${LOG_NAME[productType]}:`, list.error);
  }

  const total = list.data?.total ?? 0;
  const pageCount = pageCountOf(total, ADMIN_LIST_PAGE_SIZE);
  // A delete (here or by someone else) emptied the last page: step back to the new last page.
  if (list.data && !list.isPlaceholderData && page > pageCount) goToPage(pageCount);

  const showPage = (next: number) => {
    goToPage(next);
    // The pager sits below the grid: bring the new page's top into view.
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView?.({ block: 'start' });
  };

  const items = list.data?.items ?? [];
  const placeholderKind = PLACEHOLDER_KIND[productType];
  const headingId = `admin-list-${productType}-heading`;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
          {t(title)}
        </h2>
        {canWrite ? (
          <Button onClick={() => void navigate(addRoute)}>
            <Plus aria-hidden="true" />
            {t(addButtonText)}
          </Button>
        ) : null}
      </div>

      <TranslationGapsNotice productType={productType} />

      <ListSearch id={`admin-list-${productType}-search`} label={t(searchLabel)} value={term} onChange={setTerm} />

      {list.isPending || (list.data && total > 0 && items.length === 0) ? (
        // The second case: an emptied page while the page before it loads.
        <p role="status" className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
          <Spinner />
          {t('ui.loading')}
        </p>
      ) : list.isError ? (
        // Beyond the spec's silent empty list: staff need a way to recover without a reload.
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-lg border border-dashed py-10 text-center"
        >
          <p className="text-muted-foreground">{t(loadFailedMessage)}</p>
          <Button variant="outline" onClick={() => void list.refetch()} disabled={list.isFetching}>
            <RotateCw aria-hidden="true" />
            {t('adminCatalogue.tryAgain')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-dashed py-10 text-center text-muted-foreground">
          {/* The spec's empty text invites adding an item; with a search that would mislead. */}
          {searchTerm === '' ? t(emptyMessage) : t(noMatchMessage, { term: searchTerm })}
        </p>
      ) : (
        <>
          <ul
            aria-busy={list.isPlaceholderData}
            className={cn(
              'grid grid-cols-1 gap-4 transition-opacity md:grid-cols-2 lg:grid-cols-3',
              list.isPlaceholderData && 'opacity-60',
            )}
          >
            {items.map((item) => {
              // SPEC §2: services are edited by id, failing that by name.
              const editKey = item.id || item.name;
              return (
                <li key={editKey}>
                  <Card className="flex h-full flex-col overflow-hidden" data-testid="admin-product-card">
                    {placeholderKind ? (
                      <img
                        src={firstUsableImage(item.images, placeholderKind)}
                        alt=""
                        loading="lazy"
                        className="aspect-video w-full bg-muted object-cover"
                      />
                    ) : null}
                    <div className="flex flex-1 flex-col gap-2 p-4">
                      <div className="flex items-start justify-between gap-2">
                        <h3 className="line-clamp-1 font-semibold" title={item.name}>
                          {item.name}
                        </h3>
                        {productType === 'machine' && item.featured ? (
                          <Badge>{t('adminCatalogue.featured')}</Badge>
                        ) : null}
                      </div>
                      {/* Only those who can translate see what is left to translate. */}
                      {canWrite ? <TranslationBadges translations={item.translations} /> : null}
                      <p className="line-clamp-2 text-sm text-muted-foreground">{item.description}</p>
                      {canWrite ? (
                        <div className="mt-auto flex gap-2 pt-2">
                          <Button
                            variant="outline"
                            className="flex-1"
                            onClick={() => void navigate(editRoutePrefix(editKey))}
                          >
                            <Pencil aria-hidden="true" />
                            {t(editButtonText)}
                          </Button>
                          <Button
                            variant="ghost"
                            className="text-destructive hover:bg-destructive/10"
                            aria-label={t('adminCatalogue.deleteNamed', { name: item.name })}
                            onClick={() => setToDelete({ id: item.id, name: item.name })}
                          >
                            <Trash2 aria-hidden="true" />
                            <span className="sr-only md:not-sr-only">{t('ui.delete')}</span>
                          </Button>
                        </div>
                      ) : null}
                    </div>
                  </Card>
                </li>
              );
            })}
          </ul>
          <ListPageFooter
            offset={list.data?.offset ?? 0}
            shown={items.length}
            total={total}
            page={page}
            pageCount={pageCount}
            onPage={showPage}
          />
        </>
      )}

      <DeleteItemDialog item={toDelete} endpoint={endpoint} onClose={() => setToDelete(null)} />
    </section>
  );
}
