import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOTAL_COUNT_HEADER, type AdminStats, type Machine, type Service, type SparePart } from '@capstan/shared';
import { paths, routePatterns } from '@/config/paths';
import { buildMachine, buildService, buildSparePart } from '@/testing/fixtures';
import { meHandler } from '@/testing/mocks/me';
import { gate } from '@/testing/gate';
import { server } from '@/testing/mocks/server';
import { pendingReviewsHandler } from '@/testing/mocks/admin-reviews';
import { renderApp, renderWithProviders } from '@/testing/test-utils';
import { numbered, pagedListHandler, type ListCalls } from '../testing/list-api';
import { translationGapsHandler } from '../testing/translation-gaps-api';
import { ProductManagementScreen, type ProductTab } from './product-management-screen';

// Signed in as an owner, who may do everything; other roles have tests of their own.
beforeEach(() => {
  server.use(meHandler());
});
// The sidebar asks how many reviews wait for a decision on every admin screen.
beforeEach(() => server.use(pendingReviewsHandler()));
// Staff who edit the catalogue see what is left to translate (translation-gaps.test.tsx).
beforeEach(() => server.use(translationGapsHandler()));

function listHandlers(
  {
    machines = [],
    spares = [],
    services = [],
  }: { machines?: Machine[]; spares?: SparePart[]; services?: Service[] } = {},
  calls: ListCalls = {},
) {
  return [
    pagedListHandler('/api/products', machines, calls),
    pagedListHandler('/api/spareparts', spares, calls),
    pagedListHandler('/api/services', services, calls),
  ];
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function renderScreen(initialTab?: ProductTab) {
  return renderWithProviders(
    <Routes>
      {/* The real router matches these before the optional-id pattern. */}
      {[routePatterns.admin.addProduct, routePatterns.admin.addSparePart, routePatterns.admin.addService].map((p) => (
        <Route key={p} path={p} element={<LocationProbe />} />
      ))}
      <Route
        path={routePatterns.admin.products}
        element={<ProductManagementScreen {...(initialTab ? { initialTab } : {})} />}
      />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { url: paths.admin.products },
  );
}

function SearchProbe() {
  const current = useLocation();
  return <output data-testid="url">{current.pathname + current.search}</output>;
}

function renderAt(url: string) {
  return renderWithProviders(
    <Routes>
      <Route
        path={routePatterns.admin.products}
        element={
          <>
            <ProductManagementScreen />
            <SearchProbe />
          </>
        }
      />
    </Routes>,
    { url },
  );
}

const cardNames = () =>
  screen.queryAllByTestId('admin-product-card').map((c) => within(c).getByRole('heading').textContent);
const location = () => screen.getByTestId('location').textContent;
const spareParts = (count: number) =>
  numbered('Part', count).map((name) => buildSparePart({ id: name, name, description: 'A stock part.' }));

describe('ProductManagementScreen', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the title, the Featured Products button and keyboard-operable tabs', async () => {
    server.use(...listHandlers());
    const user = userEvent.setup({ delay: null });
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Product Management' })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Machines', 'Spare Parts', 'Services']);
    expect(screen.getByRole('tab', { name: 'Machines' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Machines');

    screen.getByRole('tab', { name: 'Machines' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Spare Parts' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Spare Parts' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Services' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Machines' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('button', { name: 'Featured Products' }));
    expect(location()).toBe(paths.admin.featuredProducts);
  });

  it('Machines: heading, add text, empty text; asks the server for the first 24 machines', async () => {
    const calls: ListCalls = {};
    server.use(...listHandlers({}, calls));
    renderScreen();
    expect(screen.getByRole('heading', { level: 2, name: 'Machines' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add New Machine' })).toBeInTheDocument();
    expect(await screen.findByText('No machines found. Add a new machine to get started!')).toBeInTheDocument();
    expect(calls).toEqual({ '/api/products': [{ category: 'machine', limit: '24' }] });
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('Machines: every machine whatever its category; Featured badge, edit and add targets', async () => {
    server.use(
      ...listHandlers({
        machines: [
          buildMachine({ id: 'm-1', name: 'Capstan CL-25', featured: true, images: ['https://img.example/cl25.webp'] }),
          buildMachine({ id: 'm-2', name: 'Turret TL-9', featured: false }),
          buildMachine({ id: 'm-3', name: 'Chucking CH-40', category: 'chucking-machine' }),
        ],
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderScreen();
    await screen.findByText('Capstan CL-25');
    // `category=machine` answers every machine; a machine's own category is its machine category.
    expect(cardNames()).toEqual(['Capstan CL-25', 'Chucking CH-40', 'Turret TL-9']);
    expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument();
    const [first, , third] = screen.getAllByTestId('admin-product-card');
    expect(within(first!).getByText('Featured')).toBeInTheDocument();
    expect(within(third!).queryByText('Featured')).not.toBeInTheDocument();
    expect(first!.querySelector('img')).toHaveAttribute('src', 'https://img.example/cl25.webp');

    await user.click(within(third!).getByRole('button', { name: 'Edit Machine' }));
    expect(location()).toBe(paths.admin.editProduct('m-2'));
  });

  it('Machines: add goes to the add route', async () => {
    server.use(...listHandlers());
    const user = userEvent.setup({ delay: null });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Add New Machine' }));
    expect(location()).toBe(paths.admin.addProduct);
  });

  it('Spare Parts: texts, no Featured badge, no category filter, edit and add targets', async () => {
    const calls: ListCalls = {};
    server.use(...listHandlers({ spares: [buildSparePart({ id: 'p-1', name: 'Collet', featured: true })] }, calls));
    const user = userEvent.setup({ delay: null });
    renderScreen('spares');
    expect(screen.getByRole('heading', { level: 2, name: 'Spare Parts' })).toBeInTheDocument();
    await screen.findByText('Collet');
    expect(calls).toEqual({ '/api/spareparts': [{ limit: '24' }] });
    expect(screen.queryByText('Featured')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Part' }));
    expect(location()).toBe(paths.admin.editSparePart('p-1'));
  });

  it('Spare Parts: empty text and add target', async () => {
    server.use(...listHandlers());
    const user = userEvent.setup({ delay: null });
    renderScreen('spares');
    expect(await screen.findByText('No spare parts found. Add a new spare part to get started!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add New Part' }));
    expect(location()).toBe(paths.admin.addSparePart);
  });

  it('Services: texts, no image, edit by id (failing that by name) and add target', async () => {
    const calls: ListCalls = {};
    server.use(
      ...listHandlers(
        { services: [buildService({ id: 's-1', name: 'Installation' }), buildService({ id: '', name: 'Retrofit' })] },
        calls,
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderScreen('services');
    await screen.findByText('Installation');
    expect(calls).toEqual({ '/api/services': [{ limit: '24' }] });
    expect(screen.getByRole('heading', { level: 2, name: 'Services' })).toBeInTheDocument();
    expect(screen.getAllByTestId('admin-product-card')[0]!.querySelector('img')).toBeNull();
    const edits = screen.getAllByRole('button', { name: 'Edit Service' });
    await user.click(edits[1]!);
    expect(location()).toBe(paths.admin.editService('Retrofit'));
  });

  it('Services: empty text and add target', async () => {
    server.use(...listHandlers());
    const user = userEvent.setup({ delay: null });
    renderScreen('services');
    expect(await screen.findByText('No services found. Add a new service to get started!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add New Service' }));
    expect(location()).toBe(paths.admin.addService);
  });

  it('Services: edit uses the id when there is one', async () => {
    server.use(...listHandlers({ services: [buildService({ id: 's-1', name: 'Installation' })] }));
    const user = userEvent.setup({ delay: null });
    renderScreen('services');
    await user.click(await screen.findByRole('button', { name: 'Edit Service' }));
    expect(location()).toBe(paths.admin.editService('s-1'));
  });

  it('pages through the list 24 at a time, asking the server for each page', async () => {
    const calls: ListCalls = {};
    server.use(...listHandlers({ spares: spareParts(50) }, calls));
    const user = userEvent.setup({ delay: null });
    renderScreen('spares');
    await screen.findByText('Part 01');
    expect(cardNames()).toEqual(numbered('Part', 24));
    expect(screen.getByText('Showing 1–24 of 50')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();

    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    await screen.findByText('Part 25');
    expect(cardNames()).toEqual(numbered('Part', 48).slice(24));
    expect(screen.getByText('Showing 25–48 of 50')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Part 49');
    expect(cardNames()).toEqual(['Part 49', 'Part 50']);
    expect(screen.getByText('Showing 49–50 of 50')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    expect(calls['/api/spareparts']).toEqual([
      { limit: '24' },
      { offset: '24', limit: '24' },
      { offset: '48', limit: '24' },
    ]);
  });

  it('keeps the current page on screen while the next one loads', async () => {
    const answer = gate();
    server.use(
      pagedListHandler(
        '/api/spareparts',
        spareParts(30),
        {},
        {
          wait: async ({ offset }) => {
            if (offset === '24') await answer.opened;
          },
        },
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderScreen('spares');
    await screen.findByText('Part 01');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(screen.getByText('Part 01')).toBeInTheDocument();
    expect(screen.getByRole('list')).toHaveAttribute('aria-busy', 'true');
    answer.open();
    await screen.findByText('Part 25');
    expect(screen.queryByText('Part 01')).not.toBeInTheDocument();
    expect(screen.getByRole('list')).toHaveAttribute('aria-busy', 'false');
  });

  it('writes the total in Indian grouping and offers the last page of a huge list', async () => {
    server.use(
      http.get('/api/spareparts', () =>
        HttpResponse.json(spareParts(24), { headers: { [TOTAL_COUNT_HEADER]: '125000' } }),
      ),
    );
    renderScreen('spares');
    expect(await screen.findByText('Showing 1–24 of 1,25,000')).toBeInTheDocument();
    expect(screen.getAllByTestId('admin-product-card')).toHaveLength(24);
    expect(screen.getByRole('button', { name: 'Page 5209' })).toBeInTheDocument();
  });

  it('searches on the server, from page 1, and says when nothing matches', async () => {
    const calls: ListCalls = {};
    const spares = [
      ...spareParts(30),
      buildSparePart({ name: 'Collet 16 mm' }),
      buildSparePart({ name: 'Chuck key', description: 'Fits the 16 mm COLLET chuck' }),
    ];
    server.use(...listHandlers({ spares }, calls));
    const user = userEvent.setup({ delay: null });
    renderScreen('spares');
    await screen.findByText('Part 01');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Part 25');

    const search = screen.getByRole('searchbox', { name: 'Search spare parts' });
    expect(search).toHaveAttribute('placeholder', 'Search...');
    await user.type(search, '  collet ');
    await waitFor(() => expect(cardNames()).toEqual(['Chuck key', 'Collet 16 mm']));
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();
    expect(calls['/api/spareparts']?.at(-1)).toEqual({ q: 'collet', limit: '24' });
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'zzz');
    expect(await screen.findByText('No spare parts match "zzz".')).toBeInTheDocument();
    expect(screen.queryByText(/No spare parts found/)).not.toBeInTheDocument();

    // Clearing the search goes back to the whole list, on page 1.
    await user.clear(search);
    await waitFor(() => expect(cardNames()).toEqual(['Chuck key', 'Collet 16 mm', ...numbered('Part', 22)]));
    expect(screen.getByText('Showing 1–24 of 32')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it("shows a spinner with 'Loading...' while the list loads", async () => {
    const answer = gate();
    server.use(
      pagedListHandler('/api/products', [buildMachine({ name: 'Capstan CL-25' })], {}, { wait: () => answer.opened }),
    );
    renderScreen();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    answer.open();
    expect(await screen.findByText('Capstan CL-25')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('logs a list error, leaves the list empty and offers a retry', async () => {
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    const working = pagedListHandler('/api/spareparts', [buildSparePart({ name: 'Collet' })]);
    server.use(
      http.get('/api/spareparts', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ message: 'boom' }, { status: 500 }) : undefined;
      }),
      working,
    );
    const user = userEvent.setup({ delay: null });
    renderScreen('spares');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load spare parts.');
    expect(errorSpy).toHaveBeenCalledTimes(1);
    expect(errorSpy).toHaveBeenCalledWith('Error fetching spare parts:', expect.any(Error));
    expect(screen.queryAllByTestId('admin-product-card')).toHaveLength(0);
    await user.click(retry);
    expect(await screen.findByText('Collet')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('treats an answer without X-Total-Count as a failure, not an empty list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('/api/services', () => HttpResponse.json([buildService({ name: 'Installation' })])));
    renderScreen('services');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('Installation')).not.toBeInTheDocument();
  });

  it('deletes an item after a confirmation naming it, then refreshes the list', async () => {
    const deleted: string[] = [];
    let machines = [buildMachine({ id: 'm-1', name: 'Capstan CL-25' }), buildMachine({ id: 'm-2', name: 'Turret' })];
    server.use(
      pagedListHandler('/api/products', () => machines),
      http.delete('/api/products/:id', ({ params }) => {
        deleted.push(String(params.id));
        machines = machines.filter((m) => m.id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Delete Capstan CL-25' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Delete "Capstan CL-25"? This removes it from the catalogue and deletes its images.',
    );
    expect(deleted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toEqual(['m-1']);
    await waitFor(() => expect(cardNames()).toEqual(['Turret']));
    expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument();
    expect(await screen.findByText('"Capstan CL-25" was deleted.')).toBeInTheDocument();
  });

  it('goes back a page when a delete empties the last one', async () => {
    const calls: ListCalls = {};
    let spares = spareParts(25);
    server.use(
      pagedListHandler('/api/spareparts', () => spares, calls),
      http.delete('/api/spareparts/:id', ({ params }) => {
        spares = spares.filter((s) => s.id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderScreen('spares');
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Part 25' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(cardNames()).toEqual(numbered('Part', 24)));
    expect(screen.getByText('Showing 1–24 of 24')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    expect(calls['/api/spareparts']).toEqual([
      { limit: '24' },
      { offset: '24', limit: '24' },
      { offset: '24', limit: '24' }, // the refresh after the delete: empty now
      { limit: '24' },
    ]);
  });

  it('cancelling the confirmation deletes nothing; a failed delete says so', async () => {
    server.use(
      ...listHandlers({ spares: [buildSparePart({ id: 'p-1', name: 'Collet' })] }),
      http.delete('/api/spareparts/:id', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
    );
    const user = userEvent.setup({ delay: null });
    renderScreen('spares');
    await user.click(await screen.findByRole('button', { name: 'Delete Collet' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Collet' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete "Collet": Not found')).toBeInTheDocument();
  });
});

describe('/admin/spare-parts', () => {
  it('opens Product Management on the Spare Parts tab', async () => {
    localStorage.setItem('adminToken', 'tok');
    localStorage.setItem('adminUser', JSON.stringify({ id: 'u1', username: 'admin', email: 'a@example.com' }));
    server.use(
      // The admin layout's sidebar count; not under test here.
      http.get('/api/admin/stats', () =>
        HttpResponse.json<AdminStats>({
          machines: 0,
          spareParts: 1,
          services: 0,
          featured: 0,
          inquiries: { total: 0, new: 0, thisWeek: 0, overdue: 0 },
          inquiriesPerWeek: [],
          inquiryProducts: [],
          email: { configured: true, pending: 0, failed: 0 },
        }),
      ),
      pagedListHandler('/api/spareparts', [buildSparePart({ name: 'Collet' })]),
    );
    renderApp(paths.admin.spareParts);
    expect(await screen.findByRole('tab', { name: 'Spare Parts' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Collet')).toBeInTheDocument();
  });

  it('keeps the selected tab in the URL, so a reload or Back returns to it', async () => {
    server.use(...listHandlers({ services: [buildService({ id: 's1', name: 'Retrofit' })] }));
    const user = userEvent.setup({ delay: null });
    renderAt('/admin/products');
    await user.click(screen.getByRole('tab', { name: 'Services' }));
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent('/admin/products?tab=services'));
    expect(await screen.findByRole('heading', { name: 'Retrofit' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Machines' }));
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('/admin/products'));
  });

  it('opens the tab named in the URL and shows the item just saved above its list', async () => {
    const saved = buildService({ id: 'svc-9', name: 'Zeta Spindle Rebuild', description: 'Saved a moment ago.' });
    server.use(
      ...listHandlers({ services: numbered('Service', 30).map((name) => buildService({ id: name, name })) }),
      http.get('/api/services/svc-9', () => HttpResponse.json(saved)),
    );
    renderAt('/admin/products?tab=services&saved=svc-9');
    expect(screen.getByRole('tab', { name: 'Services' })).toHaveAttribute('aria-selected', 'true');
    const notice = await screen.findByRole('region', { name: 'Just saved' });
    expect(within(notice).getByText('Zeta Spindle Rebuild')).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/admin/services/edit/svc-9');
    expect(within(notice).getByRole('link', { name: 'View on site' })).toHaveAttribute('href', '/product/svc-9');
    await waitFor(() => expect(notice).toHaveFocus());
  });

  it('drops the notice, without asking for the item again, when that item is deleted from the list', async () => {
    const saved = buildService({ id: 'svc-9', name: 'Zeta Spindle Rebuild' });
    let items = [saved];
    let reads = 0;
    server.use(
      pagedListHandler('/api/products', []),
      pagedListHandler('/api/spareparts', []),
      pagedListHandler('/api/services', () => items),
      http.get('/api/services/svc-9', () => {
        reads += 1;
        return reads === 1 ? HttpResponse.json(saved) : HttpResponse.json({ message: 'Not found' }, { status: 404 });
      }),
      http.delete('/api/services/svc-9', () => {
        items = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderAt('/admin/products?tab=services&saved=svc-9');
    await screen.findByRole('region', { name: 'Just saved' });
    await user.click(await screen.findByRole('button', { name: 'Delete Zeta Spindle Rebuild' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Just saved' })).not.toBeInTheDocument());
    expect(await screen.findByText('No services found. Add a new service to get started!')).toBeInTheDocument();
    expect(reads).toBe(1);
  });
});
