import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminStats, Machine, Service, SparePart } from '@capstan/shared';
import { paths, routePatterns } from '@/config/paths';
import { buildMachine, buildService, buildSparePart } from '@/testing/fixtures';
import { server } from '@/testing/mocks/server';
import { renderApp, renderWithProviders } from '@/testing/test-utils';
import { ProductManagementScreen, type ProductTab } from './product-management-screen';

function listHandlers({
  machines = [],
  spares = [],
  services = [],
}: { machines?: Machine[]; spares?: SparePart[]; services?: Service[] } = {}) {
  return [
    http.get('/api/products', () => HttpResponse.json(machines)),
    http.get('/api/spareparts', () => HttpResponse.json(spares)),
    http.get('/api/services', () => HttpResponse.json(services)),
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

const cardNames = () =>
  screen.queryAllByTestId('admin-product-card').map((c) => within(c).getByRole('heading').textContent);
const location = () => screen.getByTestId('location').textContent;

describe('ProductManagementScreen', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the title, the Featured Products button and keyboard-operable tabs', async () => {
    server.use(...listHandlers());
    const user = userEvent.setup();
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

  it('Machines: heading, add text, empty text', async () => {
    server.use(...listHandlers());
    renderScreen();
    expect(screen.getByRole('heading', { level: 2, name: 'Machines' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add New Machine' })).toBeInTheDocument();
    expect(await screen.findByText('No machines found. Add a new machine to get started!')).toBeInTheDocument();
  });

  it('Machines: keeps only category machine, Featured badge, edit and add targets', async () => {
    server.use(
      ...listHandlers({
        machines: [
          buildMachine({ id: 'm-1', name: 'Capstan CL-25', featured: true, images: ['https://img.example/cl25.webp'] }),
          buildMachine({ id: 'm-2', name: 'Turret TL-9', featured: false }),
          buildMachine({ id: 'm-3', name: 'Tool kit', category: 'accessory' }),
        ],
      }),
    );
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('Capstan CL-25');
    expect(cardNames()).toEqual(['Capstan CL-25', 'Turret TL-9']);
    const [first, second] = screen.getAllByTestId('admin-product-card');
    expect(within(first!).getByText('Featured')).toBeInTheDocument();
    expect(within(second!).queryByText('Featured')).not.toBeInTheDocument();
    expect(first!.querySelector('img')).toHaveAttribute('src', 'https://img.example/cl25.webp');

    await user.click(within(second!).getByRole('button', { name: 'Edit Machine' }));
    expect(location()).toBe(paths.admin.editProduct('m-2'));
  });

  it('Machines: add goes to the add route', async () => {
    server.use(...listHandlers());
    const user = userEvent.setup();
    renderScreen();
    await user.click(screen.getByRole('button', { name: 'Add New Machine' }));
    expect(location()).toBe(paths.admin.addProduct);
  });

  it('Spare Parts: texts, no Featured badge, edit and add targets', async () => {
    server.use(...listHandlers({ spares: [buildSparePart({ id: 'p-1', name: 'Collet', featured: true })] }));
    const user = userEvent.setup();
    renderScreen('spares');
    expect(screen.getByRole('heading', { level: 2, name: 'Spare Parts' })).toBeInTheDocument();
    await screen.findByText('Collet');
    expect(screen.queryByText('Featured')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Part' }));
    expect(location()).toBe(paths.admin.editSparePart('p-1'));
  });

  it('Spare Parts: empty text and add target', async () => {
    server.use(...listHandlers());
    const user = userEvent.setup();
    renderScreen('spares');
    expect(await screen.findByText('No spare parts found. Add a new spare part to get started!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add New Part' }));
    expect(location()).toBe(paths.admin.addSparePart);
  });

  it('Services: texts, no image, edit by id (failing that by name) and add target', async () => {
    server.use(
      ...listHandlers({
        services: [buildService({ id: 's-1', name: 'Installation' }), buildService({ id: '', name: 'Retrofit' })],
      }),
    );
    const user = userEvent.setup();
    renderScreen('services');
    await screen.findByText('Installation');
    expect(screen.getByRole('heading', { level: 2, name: 'Services' })).toBeInTheDocument();
    expect(screen.getAllByTestId('admin-product-card')[0]!.querySelector('img')).toBeNull();
    const edits = screen.getAllByRole('button', { name: 'Edit Service' });
    await user.click(edits[1]!);
    expect(location()).toBe(paths.admin.editService('Retrofit'));
  });

  it('Services: empty text and add target; edit by id', async () => {
    server.use(...listHandlers());
    const user = userEvent.setup();
    renderScreen('services');
    expect(await screen.findByText('No services found. Add a new service to get started!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add New Service' }));
    expect(location()).toBe(paths.admin.addService);
  });

  it('Services: edit uses the id when there is one', async () => {
    server.use(...listHandlers({ services: [buildService({ id: 's-1', name: 'Installation' })] }));
    const user = userEvent.setup();
    renderScreen('services');
    await user.click(await screen.findByRole('button', { name: 'Edit Service' }));
    expect(location()).toBe(paths.admin.editService('s-1'));
  });

  it("shows a spinner with 'Loading...' while the list loads", async () => {
    server.use(
      http.get('/api/products', async () => {
        await delay(50);
        return HttpResponse.json([buildMachine({ name: 'Capstan CL-25' })]);
      }),
    );
    renderScreen();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByText('Capstan CL-25')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('logs a list error, leaves the list empty and offers a retry', async () => {
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    server.use(
      http.get('/api/spareparts', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'boom' }, { status: 500 })
          : HttpResponse.json([buildSparePart({ name: 'Collet' })]);
      }),
    );
    const user = userEvent.setup();
    renderScreen('spares');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(errorSpy).toHaveBeenCalledTimes(1);
    expect(screen.queryAllByTestId('admin-product-card')).toHaveLength(0);
    await user.click(retry);
    expect(await screen.findByText('Collet')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('deletes an item after a confirmation naming it, then refreshes the list', async () => {
    const deleted: string[] = [];
    let machines = [buildMachine({ id: 'm-1', name: 'Capstan CL-25' }), buildMachine({ id: 'm-2', name: 'Turret' })];
    server.use(
      http.get('/api/products', () => HttpResponse.json(machines)),
      http.delete('/api/products/:id', ({ params }) => {
        deleted.push(String(params.id));
        machines = machines.filter((m) => m.id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
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
    expect(await screen.findByText('"Capstan CL-25" was deleted.')).toBeInTheDocument();
  });

  it('cancelling the confirmation deletes nothing; a failed delete says so', async () => {
    server.use(
      ...listHandlers({ spares: [buildSparePart({ id: 'p-1', name: 'Collet' })] }),
      http.delete('/api/spareparts/:id', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
    );
    const user = userEvent.setup();
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
          inquiries: { total: 0, new: 0, thisWeek: 0 },
          inquiriesPerWeek: [],
        }),
      ),
      http.get('/api/spareparts', () => HttpResponse.json([buildSparePart({ name: 'Collet' })])),
    );
    renderApp(paths.admin.spareParts);
    expect(await screen.findByRole('tab', { name: 'Spare Parts' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Collet')).toBeInTheDocument();
  });
});
