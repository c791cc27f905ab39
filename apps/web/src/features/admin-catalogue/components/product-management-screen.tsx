import { useRef, type KeyboardEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Star } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useCan } from '@/hooks/use-can';
import { type BackOfficeKey, useAdminT } from '@/lib/i18n/admin';
import { cn } from '@/lib/utils';
import type { PlaceholderKind } from '@/lib/images';
import { ENDPOINTS, type AdminProductType } from '../lib/product-types';
import { AdminProductList, type AdminProductListConfig } from './admin-product-list';
import { SavedItemNotice } from './saved-item-notice';

export type ProductTab = 'machines' | 'spares' | 'services';

interface TabDefinition {
  id: ProductTab;
  label: BackOfficeKey;
  list: AdminProductListConfig;
}

// SPEC §2: the exact texts of each tab.
const TABS: TabDefinition[] = [
  {
    id: 'machines',
    label: 'adminCatalogue.machines',
    list: {
      productType: 'machine',
      title: 'adminCatalogue.machines',
      addButtonText: 'adminCatalogue.addMachine',
      addRoute: paths.admin.addProduct,
      editRoutePrefix: paths.admin.editProduct,
      endpoint: ENDPOINTS.machine,
      emptyMessage: 'adminCatalogue.emptyMachines',
      editButtonText: 'adminCatalogue.editMachine',
      searchLabel: 'adminCatalogue.searchMachines',
      loadFailedMessage: 'adminCatalogue.loadFailedMachines',
      noMatchMessage: 'adminCatalogue.noMatchMachines',
    },
  },
  {
    id: 'spares',
    label: 'adminCatalogue.tabSpareParts',
    list: {
      productType: 'spare',
      title: 'adminCatalogue.tabSpareParts',
      addButtonText: 'adminCatalogue.addPart',
      addRoute: paths.admin.addSparePart,
      editRoutePrefix: paths.admin.editSparePart,
      endpoint: ENDPOINTS.spare,
      emptyMessage: 'adminCatalogue.emptySpareParts',
      editButtonText: 'adminCatalogue.editPart',
      searchLabel: 'adminCatalogue.searchSpareParts',
      loadFailedMessage: 'adminCatalogue.loadFailedSpareParts',
      noMatchMessage: 'adminCatalogue.noMatchSpareParts',
    },
  },
  {
    id: 'services',
    label: 'adminCatalogue.services',
    list: {
      productType: 'service',
      title: 'adminCatalogue.services',
      addButtonText: 'adminCatalogue.addService',
      addRoute: paths.admin.addService,
      editRoutePrefix: paths.admin.editService,
      endpoint: ENDPOINTS.service,
      emptyMessage: 'adminCatalogue.emptyServices',
      editButtonText: 'adminCatalogue.editService',
      searchLabel: 'adminCatalogue.searchServices',
      loadFailedMessage: 'adminCatalogue.loadFailedServices',
      noMatchMessage: 'adminCatalogue.noMatchServices',
    },
  },
];

const PLACEHOLDER_KIND: Record<AdminProductType, PlaceholderKind | null> = {
  machine: 'machine',
  spare: 'part',
  service: null,
};

const isProductTab = (value: string | null): value is ProductTab => TABS.some((tab) => tab.id === value);

const tabId = (tab: ProductTab) => `product-tab-${tab}`;
const panelId = (tab: ProductTab) => `product-panel-${tab}`;

export function ProductManagementScreen({ initialTab = 'machines' }: { initialTab?: ProductTab }) {
  const { t } = useAdminT();
  const navigate = useNavigate();
  // The tab lives in the URL: Back, a reload or a shared link return to it.
  const [searchParams] = useSearchParams();
  const requestedTab = searchParams.get('tab');
  const active: ProductTab = isProductTab(requestedTab) ? requestedTab : initialTab;
  const savedId = searchParams.get('saved');
  const setActive = (tab: ProductTab) => {
    if (tab !== active) void navigate(paths.admin.productsTab(tab), { replace: true });
  };
  const tabRefs = useRef(new Map<ProductTab, HTMLButtonElement>());

  // WAI-ARIA tabs pattern: arrows, Home and End move between tabs and select them.
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = TABS.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    const next = TABS[target];
    if (!next) return;
    setActive(next.id);
    tabRefs.current.get(next.id)?.focus();
  };

  const canWrite = useCan('catalogue.write');
  const activeTab = TABS.find((tab) => tab.id === active) ?? TABS[0];

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t('adminCatalogue.productManagement')}</h1>
        {canWrite ? (
          <Button variant="outline" onClick={() => void navigate(paths.admin.featuredProducts)}>
            <Star aria-hidden="true" />
            {t('adminCatalogue.featuredProducts')}
          </Button>
        ) : null}
      </div>
      {canWrite ? null : (
        <p className="rounded-md border bg-background px-4 py-3 text-sm text-muted-foreground">
          {t('adminCatalogue.readOnly')}
        </p>
      )}

      <div
        role="tablist"
        aria-label={t('adminCatalogue.productTypes')}
        className="grid grid-cols-3 gap-1 rounded-lg bg-background p-1 shadow-sm sm:inline-grid sm:w-fit"
      >
        {TABS.map((tab, index) => {
          const selected = tab.id === active;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) tabRefs.current.set(tab.id, node);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={selected}
              aria-controls={panelId(tab.id)}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActive(tab.id)}
              onKeyDown={(event) => onTabKeyDown(event, index)}
              className={cn(
                'rounded-md px-3 py-2 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 sm:px-5',
                selected ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {t(tab.label)}
            </button>
          );
        })}
      </div>

      {activeTab ? (
        <div
          role="tabpanel"
          id={panelId(activeTab.id)}
          aria-labelledby={tabId(activeTab.id)}
          tabIndex={0}
          className="rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {savedId ? (
            <div className="mb-6">
              <SavedItemNotice
                key={savedId}
                id={savedId}
                endpoint={activeTab.list.endpoint}
                editRoute={activeTab.list.editRoutePrefix}
                placeholderKind={PLACEHOLDER_KIND[activeTab.list.productType]}
              />
            </div>
          ) : null}
          {/* Keyed so each tab gets its own list state (and its own delete dialog). */}
          <AdminProductList key={activeTab.id} {...activeTab.list} />
        </div>
      ) : null}
    </div>
  );
}
