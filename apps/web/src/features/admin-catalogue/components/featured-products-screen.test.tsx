import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueSummary, Machine, Service, SparePart } from '@capstan/shared';
import { paths, routePatterns } from '@/config/paths';
import { buildMachine, buildService, buildSparePart } from '@/testing/fixtures';
import { gate } from '@/testing/gate';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { numbered, pagedListHandler, summaryOf, type ListCalls } from '../testing/list-api';
import { FeaturedProductsScreen } from './featured-products-screen';

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderScreen() {
  return renderWithProviders(
    <Routes>
      <Route path={routePatterns.admin.featuredProducts} element={<FeaturedProductsScreen />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { url: paths.admin.featuredProducts },
  );
}

interface Catalogue {
  machines?: Machine[];
  spares?: SparePart[];
  services?: Service[];
}

/**
 * The three lists and the summary over the same items, so a save (which flips `featured` in
 * place) shows up in both. `summaryCalls` counts summary requests.
 */
function catalogueHandlers(catalogue: Catalogue, calls: ListCalls = {}, counter = { summaryCalls: 0 }) {
  const { machines = [], spares = [], services = [] } = catalogue;
  return [
    pagedListHandler('/api/products', machines, calls),
    pagedListHandler('/api/spareparts', spares, calls),
    pagedListHandler('/api/services', services, calls),
    http.get('/api/catalogue/summary', () => {
      counter.summaryCalls += 1;
      return HttpResponse.json(summaryOf({ products: machines, spares, services }));
    }),
    // The landing page's three lists; registered first, so '/api/products/featured' is not an id.
    ...featuredListHandlers(catalogue),
  ];
}

function featuredListHandlers({ machines = [], spares = [], services = [] }: Catalogue) {
  const featured = <T extends { featured: boolean }>(items: T[]) => HttpResponse.json(items.filter((i) => i.featured));
  return [
    http.get('/api/products/featured', () => featured(machines)),
    http.get('/api/spareparts/featured', () => featured(spares)),
    http.get('/api/services/featured', () => featured(services)),
  ];
}

interface PutCall {
  url: string;
  body: unknown;
}

/**
 * Records every featured PUT and applies it to `catalogue`; `fail` names the paths that answer 500.
 * Each answer waits for `hold` (gate()), so a test can look at the screen while they are in flight.
 */
function putHandlers(
  calls: PutCall[],
  catalogue: Catalogue,
  fail: string[] = [],
  hold: Promise<void> = Promise.resolve(),
) {
  const handler =
    (items: { id: string; featured: boolean }[]) =>
    async ({
      request,
      params,
    }: {
      request: Request;
      params: Record<string, string | readonly string[] | undefined>;
    }) => {
      const url = new URL(request.url).pathname;
      const body = (await request.json()) as { featured: boolean };
      calls.push({ url, body });
      await hold;
      if (fail.includes(url)) return HttpResponse.json({ message: 'nope' }, { status: 500 });
      const item = items.find((i) => i.id === params.id);
      if (item) item.featured = body.featured;
      return HttpResponse.json({});
    };
  return [
    http.put('/api/products/:id', handler(catalogue.machines ?? [])),
    http.put('/api/spareparts/:id', handler(catalogue.spares ?? [])),
    http.put('/api/services/:id', handler(catalogue.services ?? [])),
  ];
}

const sample = (): Catalogue => ({
  machines: [
    buildMachine({ id: 'm-1', name: 'Capstan CL-25', featured: true, category: 'machine' }),
    buildMachine({ id: 'm-2', name: 'Lathe kit', featured: false, category: 'accessory' }),
  ],
  spares: [buildSparePart({ id: 'p-1', name: 'Collet', featured: false })],
  services: [buildService({ id: 's-1', name: 'Installation', featured: true })],
});

/** 60 machines (two pages), 120 spare parts, 5 services; every tenth machine featured. */
const large = (): Catalogue => ({
  machines: numbered('Machine', 60).map((name, i) =>
    buildMachine({ id: `m-${i + 1}`, name, description: 'A lathe.', featured: i % 10 === 0 }),
  ),
  spares: numbered('Part', 120).map((name, i) =>
    buildSparePart({ id: `p-${i + 1}`, name, description: 'A part.', featured: false }),
  ),
  services: numbered('Service', 5).map((name, i) =>
    buildService({ id: `s-${i + 1}`, name, description: 'A visit.', featured: i === 0 }),
  ),
});

const counter = (label: string) => screen.getByTestId(`counter-${label}`).textContent;
const row = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;
const checkbox = (name: string) => screen.getByRole('checkbox', { name: `Featured: ${name}` });
const saveButton = () => screen.getByRole('button', { name: /Save Changes|Saving\.\.\./ });
const rowNames = () => screen.queryAllByRole('rowheader').map((h) => h.textContent);
const typeButton = (name: string) =>
  within(screen.getByRole('group', { name: 'Product type' })).getByRole('button', { name });

describe('FeaturedProductsScreen', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the header texts, the first 50 products, badges, categories and counters from the summary', async () => {
    const calls: ListCalls = {};
    server.use(...catalogueHandlers(sample(), calls));
    const user = userEvent.setup({ delay: null });
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Featured Products' })).toBeInTheDocument();
    expect(screen.getByText('Manage which products appear on the landing page')).toBeInTheDocument();
    expect(screen.getByText('Loading products...')).toBeInTheDocument();
    await screen.findByRole('rowheader', { name: 'Capstan CL-25' });
    expect(screen.getByRole('heading', { name: 'All Products' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Featured',
      'Name',
      'Type',
      'Category',
      'Description',
    ]);
    // Machines are every product (not only category machine), as the screen always showed.
    expect(calls).toEqual({ '/api/products': [{ limit: '50' }] });
    expect(rowNames()).toEqual(['Capstan CL-25', 'Lathe kit']);
    expect(typeButton('Machines')).toHaveAttribute('aria-pressed', 'true');
    expect(typeButton('Spare parts')).toHaveAttribute('aria-pressed', 'false');

    await waitFor(() => expect(counter('Total Products')).toBe('4'));
    expect(counter('Featured')).toBe('2');
    expect(counter('Machines')).toBe('2');
    expect(counter('Parts & Services')).toBe('2');

    const cells = (name: string) => within(row(name)).getAllByRole('cell');
    // Cells: checkbox, type, category, description (the name is the row header).
    expect(cells('Capstan CL-25')[2]).toHaveTextContent('Machine');
    expect(cells('Lathe kit')[2]).toHaveTextContent('Accessory');
    expect(within(cells('Capstan CL-25')[1]!).getByText('machine')).toHaveClass('bg-blue-100');

    await user.click(typeButton('Spare parts'));
    await screen.findByRole('rowheader', { name: 'Collet' });
    expect(cells('Collet')[2]).toHaveTextContent('Spare Part');
    expect(within(cells('Collet')[1]!).getByText('spare')).toHaveClass('bg-green-100');
    await user.click(typeButton('Services'));
    await screen.findByRole('rowheader', { name: 'Installation' });
    expect(cells('Installation')[2]).toHaveTextContent('Service');
    expect(within(cells('Installation')[1]!).getByText('service')).toHaveClass('bg-purple-100');
    expect(calls).toEqual({
      '/api/products': [{ limit: '50' }],
      '/api/spareparts': [{ limit: '50' }],
      '/api/services': [{ limit: '50' }],
    });

    await user.click(screen.getByRole('button', { name: 'Back to Products' }));
    expect(screen.getByTestId('location')).toHaveTextContent(paths.admin.products);
  });

  it('counts from the summary, adjusted by the unsaved toggles; toggling back forgets the change', async () => {
    const summary: CatalogueSummary = {
      products: { total: 2, featured: 1 },
      machines: { total: 1, featured: 1 },
      spareParts: { total: 25_000, featured: 40 },
      services: { total: 12, featured: 3 },
    };
    const { machines = [] } = sample();
    server.use(
      pagedListHandler('/api/products', machines),
      http.get('/api/catalogue/summary', () => HttpResponse.json(summary)),
      ...featuredListHandlers({ machines }),
    );
    const user = userEvent.setup({ delay: null });
    renderScreen();
    await screen.findByRole('rowheader', { name: 'Capstan CL-25' });
    await waitFor(() => expect(counter('Total Products')).toBe('25,014'));
    expect(counter('Featured')).toBe('44');
    expect(counter('Machines')).toBe('2');
    expect(counter('Parts & Services')).toBe('25,012');

    expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(checkbox('Lathe kit')); // false → true
    expect(counter('Featured')).toBe('45');
    expect(row('Lathe kit')).toHaveAttribute('data-changed', 'true');
    expect(within(row('Lathe kit')).getByText('(unsaved change)')).toHaveClass('sr-only');
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    expect(saveButton()).toHaveAttribute('aria-disabled', 'false');
    await user.click(checkbox('Capstan CL-25')); // true → false
    expect(counter('Featured')).toBe('44');
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();

    await user.click(checkbox('Lathe kit'));
    await user.click(checkbox('Capstan CL-25'));
    expect(counter('Featured')).toBe('44');
    expect(row('Lathe kit')).toHaveAttribute('data-changed', 'false');
    expect(within(row('Lathe kit')).queryByText('(unsaved change)')).not.toBeInTheDocument();
    expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
  });

  // A long journey: generous time on a busy machine.
  it('keeps toggles across pages, searches and lists, and saves exactly those', async () => {
    const catalogue = large();
    const calls: ListCalls = {};
    const puts: PutCall[] = [];
    const counts = { summaryCalls: 0 };
    const saved = gate();
    server.use(...catalogueHandlers(catalogue, calls, counts), ...putHandlers(puts, catalogue, [], saved.opened));
    const user = userEvent.setup({ delay: null });
    renderScreen();
    await screen.findByRole('rowheader', { name: 'Machine 01' });
    expect(rowNames()).toEqual(numbered('Machine', 50));
    expect(screen.getByText('Showing 1–50 of 60')).toBeInTheDocument();
    await waitFor(() => expect(counter('Featured')).toBe('7'));

    await user.click(checkbox('Machine 02')); // false → true

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('rowheader', { name: 'Machine 51' });
    expect(rowNames()).toEqual(numbered('Machine', 60).slice(50));
    expect(screen.getByText('Showing 51–60 of 60')).toBeInTheDocument();
    await user.click(checkbox('Machine 51')); // true → false
    expect(counter('Featured')).toBe('7');

    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    await screen.findByRole('rowheader', { name: 'Machine 01' });
    expect(checkbox('Machine 02')).toBeChecked();
    expect(row('Machine 02')).toHaveAttribute('data-changed', 'true');

    // Another list, from its page 1, searched on the server.
    await user.click(typeButton('Spare parts'));
    expect(typeButton('Spare parts')).toHaveAttribute('aria-pressed', 'true');
    await screen.findByRole('rowheader', { name: 'Part 01' });
    await user.type(screen.getByRole('searchbox', { name: 'Search spare parts' }), 'part 11');
    await waitFor(() =>
      expect(rowNames()).toEqual([
        'Part 11',
        'Part 110',
        'Part 111',
        'Part 112',
        'Part 113',
        'Part 114',
        'Part 115',
        'Part 116',
        'Part 117',
        'Part 118',
        'Part 119',
      ]),
    );
    await user.click(checkbox('Part 117')); // false → true
    expect(counter('Featured')).toBe('8');
    expect(screen.getByText('3 unsaved changes')).toBeInTheDocument();

    // Back on machines, the earlier toggles are still there.
    await user.clear(screen.getByRole('searchbox', { name: 'Search spare parts' }));
    await screen.findByRole('rowheader', { name: 'Part 01' });
    await user.click(typeButton('Machines'));
    await screen.findByRole('rowheader', { name: 'Machine 01' });
    expect(checkbox('Machine 02')).toBeChecked();

    expect(calls['/api/products']).toEqual([{ limit: '50' }, { offset: '50', limit: '50' }]);
    expect(calls['/api/spareparts']).toEqual([{ limit: '50' }, { q: 'part 11', limit: '50' }]);

    const summaryCallsBefore = counts.summaryCalls;
    await user.click(saveButton());
    expect(saveButton()).toHaveTextContent('Saving...');
    expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
    expect(checkbox('Machine 01')).toBeDisabled();
    saved.open();
    expect(await screen.findByText('Featured products updated successfully')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(puts).toHaveLength(3);
    expect(puts).toEqual(
      expect.arrayContaining([
        { url: '/api/products/m-2', body: { featured: true } },
        { url: '/api/products/m-51', body: { featured: false } },
        { url: '/api/spareparts/p-117', body: { featured: true } },
      ]),
    );
    // The counters now come from the refreshed summary; nothing is pending any more.
    expect(counts.summaryCalls).toBe(summaryCallsBefore + 1);
    expect(counter('Featured')).toBe('8');
    expect(row('Machine 02')).toHaveAttribute('data-changed', 'false');
    expect(checkbox('Machine 02')).toBeChecked();
    expect(saveButton()).toHaveTextContent('Save Changes');
    expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
  });

  it('a refetch does not lose unsaved toggles', async () => {
    const calls: ListCalls = {};
    server.use(...catalogueHandlers(sample(), calls));
    const user = userEvent.setup({ delay: null });
    const { queryClient } = renderScreen();
    await screen.findByRole('rowheader', { name: 'Capstan CL-25' });
    await user.click(checkbox('Lathe kit'));
    await queryClient.refetchQueries();
    expect(calls['/api/products']).toHaveLength(2);
    expect(checkbox('Lathe kit')).toBeChecked();
    expect(row('Lathe kit')).toHaveAttribute('data-changed', 'true');
    expect(saveButton()).toHaveAttribute('aria-disabled', 'false');
  });

  it('a partial failure names the failed item and keeps it pending; only it is sent again', async () => {
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const catalogue = sample();
    const puts: PutCall[] = [];
    server.use(...catalogueHandlers(catalogue), ...putHandlers(puts, catalogue, ['/api/products/m-1']));
    const user = userEvent.setup({ delay: null });
    renderScreen();
    await screen.findByRole('rowheader', { name: 'Capstan CL-25' });
    await waitFor(() => expect(counter('Featured')).toBe('2'));

    await user.click(checkbox('Lathe kit')); // false → true
    await user.click(checkbox('Capstan CL-25')); // true → false, will fail
    await user.click(saveButton());

    expect(await screen.findByText('Failed to save featured products: Capstan CL-25')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(errorSpy).toHaveBeenCalledWith('Error saving Capstan CL-25:', expect.anything());
    expect(row('Capstan CL-25')).toHaveAttribute('data-changed', 'true');
    expect(checkbox('Capstan CL-25')).not.toBeChecked();
    expect(row('Lathe kit')).toHaveAttribute('data-changed', 'false');
    expect(checkbox('Lathe kit')).toBeChecked();
    // Server: 3 featured (Lathe kit saved); the failed unfeature still counts −1.
    await waitFor(() => expect(counter('Featured')).toBe('2'));
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();

    puts.length = 0;
    server.use(...putHandlers(puts, catalogue));
    await user.click(saveButton());
    expect(await screen.findByText('Featured products updated successfully')).toBeInTheDocument();
    expect(puts).toEqual([{ url: '/api/products/m-1', body: { featured: false } }]);
  });

  it("says 'Loading products...' while a list loads, not the previous list's rows", async () => {
    const { machines = [], spares = [] } = sample();
    const spareList = gate();
    server.use(
      pagedListHandler('/api/products', machines),
      pagedListHandler('/api/spareparts', spares, {}, { wait: () => spareList.opened }),
      http.get('/api/catalogue/summary', () => HttpResponse.json(summaryOf({ products: machines, spares }))),
      ...featuredListHandlers({ machines, spares }),
    );
    const user = userEvent.setup({ delay: null });
    renderScreen();
    await screen.findByRole('rowheader', { name: 'Capstan CL-25' });
    await user.click(typeButton('Spare parts'));
    expect(screen.getByText('Loading products...')).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Capstan CL-25' })).not.toBeInTheDocument();
    spareList.open();
    expect(await screen.findByRole('rowheader', { name: 'Collet' })).toBeInTheDocument();
  });

  it("says 'Error / Failed to fetch products' when a list fails to load", async () => {
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('/api/products', () => HttpResponse.json({ message: 'down' }, { status: 500 })),
      http.get('/api/catalogue/summary', () => HttpResponse.json(summaryOf({}))),
      ...featuredListHandlers({}),
    );
    renderScreen();
    expect(await screen.findByText('Failed to fetch products')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(errorSpy).toHaveBeenCalledWith('Error fetching products:', expect.any(Error));
    expect(screen.queryByText('Loading products...')).not.toBeInTheDocument();
    expect(screen.getByText('No products found')).toBeInTheDocument();
  });

  it("says 'Error / Failed to fetch products' when the counts fail to load", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { machines = [] } = sample();
    server.use(
      pagedListHandler('/api/products', machines),
      http.get('/api/catalogue/summary', () => HttpResponse.json({ message: 'down' }, { status: 500 })),
      ...featuredListHandlers({ machines }),
    );
    renderScreen();
    expect(await screen.findByText('Failed to fetch products')).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'Capstan CL-25' })).toBeInTheDocument();
    expect(counter('Total Products')).toBe('–');
  });

  it("shows 'No products found' when there is nothing", async () => {
    server.use(...catalogueHandlers({}));
    renderScreen();
    expect(await screen.findByText('No products found')).toBeInTheDocument();
    await waitFor(() => expect(counter('Total Products')).toBe('0'));
    expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  describe('landing page order', () => {
    /** Seven featured machines and a featured service: the service is 8th, so not shown. */
    const crowded = (): Catalogue => ({
      machines: numbered('Machine', 8).map((name, i) =>
        buildMachine({ id: `m-${i + 1}`, name, featured: i < 7, featuredPosition: null }),
      ),
      spares: [],
      services: [buildService({ id: 's-1', name: 'Installation', featured: true })],
    });
    const orderList = () => screen.getByRole('list', { name: 'Featured items in landing page order' });
    const orderNames = () =>
      within(orderList())
        .getAllByRole('listitem')
        .map((li) => li.querySelector('[data-testid="featured-order-name"]')?.textContent);
    const shownFlags = () =>
      within(orderList())
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-shown'));

    it('says the landing page shows the first 6 and which ones, in order', async () => {
      server.use(...catalogueHandlers(crowded()));
      renderScreen();
      await screen.findByRole('list', { name: 'Featured items in landing page order' });
      expect(screen.getByText(/The landing page shows the first 6 featured items, in this order/)).toBeInTheDocument();
      expect(orderNames()).toEqual([...numbered('Machine', 7), 'Installation']);
      expect(shownFlags()).toEqual(['true', 'true', 'true', 'true', 'true', 'true', 'false', 'false']);
      expect(within(orderList()).getAllByText('On the landing page')).toHaveLength(6);
      expect(within(orderList()).getAllByText('Not shown')).toHaveLength(2);
    });

    it('shows saved positions first, as the landing page does', async () => {
      const catalogue = crowded();
      catalogue.services![0]!.featuredPosition = 0;
      catalogue.machines![6]!.featuredPosition = 1;
      server.use(...catalogueHandlers(catalogue));
      renderScreen();
      await screen.findByRole('list', { name: 'Featured items in landing page order' });
      expect(orderNames()).toEqual(['Installation', 'Machine 07', ...numbered('Machine', 6)]);
    });

    it('moves items with the keyboard, keeps the focus, and saves the order with Save Changes', async () => {
      const catalogue = crowded();
      const orders: unknown[] = [];
      server.use(
        ...catalogueHandlers(catalogue),
        http.put('/api/featured/order', async ({ request }) => {
          const body = (await request.json()) as { ids: string[] };
          orders.push(body);
          for (const [i, id] of body.ids.entries()) {
            const item = [...catalogue.machines!, ...catalogue.services!].find((x) => x.id === id);
            if (item) item.featuredPosition = i;
          }
          return new HttpResponse(null, { status: 204 });
        }),
      );
      const user = userEvent.setup({ delay: null });
      renderScreen();
      await screen.findByRole('list', { name: 'Featured items in landing page order' });

      // The service, 8th, is brought into the six with two presses of Enter on its "up" button.
      screen.getByRole('button', { name: 'Move Installation up' }).focus();
      await user.keyboard('{Enter}');
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Installation up' }));
      await user.keyboard('{Enter}');
      expect(orderNames()).toEqual([...numbered('Machine', 5), 'Installation', 'Machine 06', 'Machine 07']);
      expect(shownFlags()[5]).toBe('true');
      expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
      expect(screen.getByText(/Order changed: press Save Changes/)).toBeInTheDocument();

      // The first item cannot go higher, and its button keeps the focus.
      const topUp = screen.getByRole('button', { name: 'Move Machine 01 up' });
      expect(topUp).toHaveAttribute('aria-disabled', 'true');
      topUp.focus();
      await user.keyboard('{Enter}');
      expect(orderNames()[0]).toBe('Machine 01');
      expect(document.activeElement).toBe(topUp);

      saveButton().focus();
      await user.keyboard('{Enter}');
      expect(await screen.findByText('Featured products updated successfully')).toBeInTheDocument();
      expect(orders).toEqual([{ ids: ['m-1', 'm-2', 'm-3', 'm-4', 'm-5', 's-1', 'm-6', 'm-7'] }]);
      // Focus is kept after Save Changes (the button is not disabled under it).
      expect(document.activeElement).toBe(saveButton());
      expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
      await waitFor(() =>
        expect(orderNames()).toEqual([...numbered('Machine', 5), 'Installation', 'Machine 06', 'Machine 07']),
      );
      expect(screen.queryByText(/Order changed/)).not.toBeInTheDocument();
    });

    it('adds a newly ticked item at the end and drops an unticked one, before saving', async () => {
      server.use(...catalogueHandlers(crowded()));
      const user = userEvent.setup({ delay: null });
      renderScreen();
      await screen.findByRole('list', { name: 'Featured items in landing page order' });
      await user.click(checkbox('Machine 08'));
      await user.click(checkbox('Machine 01'));
      expect(orderNames()).toEqual([...numbered('Machine', 7).slice(1), 'Installation', 'Machine 08']);
    });

    it('keeps the moves and says so when the order fails to save', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      server.use(
        ...catalogueHandlers(crowded()),
        http.put('/api/featured/order', () => HttpResponse.json({ message: 'nope' }, { status: 500 })),
      );
      const user = userEvent.setup({ delay: null });
      renderScreen();
      await screen.findByRole('list', { name: 'Featured items in landing page order' });
      await user.click(screen.getByRole('button', { name: 'Move Machine 02 up' }));
      await user.click(saveButton());
      expect(await screen.findByText('Failed to save featured products: the landing page order')).toBeInTheDocument();
      expect(orderNames().slice(0, 2)).toEqual(['Machine 02', 'Machine 01']);
      expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    });
  });
});
