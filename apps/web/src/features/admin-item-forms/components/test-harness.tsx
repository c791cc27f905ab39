import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, vi } from 'vitest';
import {
  CATALOGUE_ITEMS_URL,
  DEFAULT_ITEM_TERMS,
  ITEM_TERMS_URL,
  type ItemTermsDefaults,
  TOTAL_COUNT_HEADER,
  type CatalogueItemsEntry,
  type Locale,
  type MachineCategory,
} from '@capstan/shared';
import { buildMachine } from '@/testing/fixtures';
import { server } from '@/testing/mocks/server';
import { AppProvider } from '@/app/provider';
import { paths, routePatterns } from '@/config/paths';
import { onToastShown } from '@/hooks/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { inAdminLocale } from '@/testing/locale';
import { ItemForm } from './item-form';
import { ServiceForm } from './service-form';

const afterTestStops: (() => void)[] = [];

/** The categories the migration seeds. */
export const SEEDED_CATEGORIES: MachineCategory[] = [
  { slug: 'capstan-lathe', name: 'Capstan lathe', machineCount: 2 },
  { slug: 'cnc-lathe', name: 'CNC lathe / turning centre', machineCount: 1 },
  { slug: 'turret-lathe', name: 'Turret lathe', machineCount: 0 },
];

/** Machines the Fits picker finds. */
export const PICKER_MACHINES = [
  buildMachine({ name: 'NP-38 Capstan Lathe', code: 'NP-38', category: 'capstan-lathe' }),
  buildMachine({ name: 'NP-50 Capstan Lathe', code: 'NP-50', category: 'capstan-lathe' }),
  buildMachine({ name: 'TC-20 Turning Centre', code: 'TC-20', category: 'cnc-lathe' }),
];

/**
 * What the forms look up beside the item itself: the category list, the Fits picker's machine
 * search and the names of machines a part fits. A test's own handlers, added later, win.
 */
export function formLookupHandlers(categories: MachineCategory[] = SEEDED_CATEGORIES) {
  return [
    http.get('/api/machine-categories', () => HttpResponse.json(categories)),
    http.get(ITEM_TERMS_URL, () =>
      HttpResponse.json({ ...DEFAULT_ITEM_TERMS, updatedAt: '2026-11-24T00:00:00.000Z' } satisfies ItemTermsDefaults),
    ),
    http.get('/api/products', ({ request }) => {
      const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
      const found = PICKER_MACHINES.filter(
        (machine) => machine.name.toLowerCase().includes(q) || (machine.code ?? '').toLowerCase().includes(q),
      );
      return HttpResponse.json(found, { headers: { [TOTAL_COUNT_HEADER]: String(found.length) } });
    }),
    http.get(CATALOGUE_ITEMS_URL, ({ request }) => {
      const ids = new Set((new URL(request.url).searchParams.get('ids') ?? '').split(','));
      const entries: CatalogueItemsEntry[] = PICKER_MACHINES.filter((machine) => ids.has(machine.id)).map((item) => ({
        kind: 'machine',
        item,
      }));
      return HttpResponse.json(entries);
    }),
  ];
}

/**
 * The hooks every form test file needs: the lookups answered, and what `spyToasts` started
 * stopped after each test. Call it at the top of the file: test files share this module (the web
 * suite runs with isolate: false), so hooks declared here at import would reach the first file only.
 */
export function setUpFormTests(): void {
  beforeEach(() => {
    server.use(...formLookupHandlers());
  });
  afterEach(() => {
    for (const stop of afterTestStops.splice(0)) stop();
  });
}

/**
 * The forms on their real route patterns, with stand-ins for the screens they navigate to; in the
 * language a person chose when `locale` is given (else as rendered on their own: English).
 */
export function renderForm(url: string, { locale }: { locale?: Locale } = {}) {
  const router = createMemoryRouter(
    [
      { path: routePatterns.admin.addProduct, element: <ItemForm kind="machine" /> },
      { path: routePatterns.admin.editProduct, element: <ItemForm kind="machine" /> },
      { path: routePatterns.admin.addSparePart, element: <ItemForm kind="sparePart" /> },
      { path: routePatterns.admin.editSparePart, element: <ItemForm kind="sparePart" /> },
      { path: routePatterns.admin.addService, element: <ServiceForm /> },
      { path: routePatterns.admin.editService, element: <ServiceForm /> },
      { path: paths.admin.products, element: <h1>Products list</h1> },
      { path: '/admin/products/:productId', element: <h1>Products list</h1> },
      { path: paths.admin.spareParts, element: <h1>Spare parts list</h1> },
    ],
    { initialEntries: [url] },
  );
  const queryClient = createQueryClient();
  const user = userEvent.setup({ delay: null });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
    locale === undefined ? {} : { wrapper: inAdminLocale(locale) },
  );
  return { ...result, router, user, queryClient };
}

/** jsdom has no object URLs; hand out predictable ones and record revocations. */
export function stubObjectUrls() {
  let count = 0;
  const create = vi.fn(() => {
    count += 1;
    return `blob:preview-${count}`;
  });
  const revoke = vi.fn();
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: create });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: revoke });
  return { create, revoke };
}

export function imageFiles(count: number, prefix = 'photo'): File[] {
  return Array.from(
    { length: count },
    (_, index) => new File([`${prefix}-${index + 1}`], `${prefix}-${index + 1}.png`, { type: 'image/png' }),
  );
}

/**
 * Records the description of every toast the form shows (the spec's alert texts are toasts,
 * decision 012), and stops the test if anything still calls the blocking `window.alert`.
 */
export function spyToasts() {
  const shown = vi.fn<(description: string) => void>();
  vi.spyOn(window, 'alert').mockImplementation((message) => {
    throw new Error(`window.alert(${String(message)}) blocks the page; show a toast instead`);
  });
  const stop = onToastShown((t) => shown(typeof t.description === 'string' ? t.description : String(t.title)));
  afterTestStops.push(stop);
  return shown;
}
