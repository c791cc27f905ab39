import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Machine, Service, SparePart } from '@capstan/shared';
import { paths, routePatterns } from '@/config/paths';
import { buildMachine, buildService, buildSparePart } from '@/testing/fixtures';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
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

interface PutCall {
  url: string;
  body: unknown;
}

/** Records every featured PUT; `fail` names the paths that answer 500. */
function putHandlers(calls: PutCall[], fail: string[] = []) {
  const handler = async ({ request }: { request: Request }) => {
    const url = new URL(request.url).pathname;
    calls.push({ url, body: await request.json() });
    await delay(20);
    return fail.includes(url) ? HttpResponse.json({ message: 'nope' }, { status: 500 }) : HttpResponse.json({});
  };
  return [
    http.put('/api/products/:id', handler),
    http.put('/api/spareparts/:id', handler),
    http.put('/api/services/:id', handler),
  ];
}

const sample = () => ({
  machines: [
    buildMachine({ id: 'm-1', name: 'Capstan CL-25', featured: true, category: 'machine' }),
    buildMachine({ id: 'm-2', name: 'Lathe kit', featured: false, category: 'accessory' }),
  ],
  spares: [buildSparePart({ id: 'p-1', name: 'Collet', featured: false })],
  services: [buildService({ id: 's-1', name: 'Installation', featured: true })],
});

const counter = (label: string) => screen.getByTestId(`counter-${label}`).textContent;
const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
const checkbox = (name: string) => screen.getByRole('checkbox', { name: `Featured: ${name}` });
const saveButton = () => screen.getByRole('button', { name: /Save Changes|Saving\.\.\./ });

describe('FeaturedProductsScreen', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the header texts, counters, badges and categories', async () => {
    server.use(...listHandlers(sample()));
    const user = userEvent.setup();
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Featured Products' })).toBeInTheDocument();
    expect(screen.getByText('Manage which products appear on the landing page')).toBeInTheDocument();
    expect(screen.getByText('Loading products...')).toBeInTheDocument();
    await screen.findByText('Capstan CL-25');
    expect(screen.getByRole('heading', { name: 'All Products' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Featured',
      'Name',
      'Type',
      'Category',
      'Description',
    ]);

    expect(counter('Total Products')).toBe('4');
    expect(counter('Featured')).toBe('2');
    expect(counter('Machines')).toBe('2');
    expect(counter('Parts & Services')).toBe('2');

    const cells = (name: string) => within(row(name)).getAllByRole('cell');
    // Cells: checkbox, type, category, description (the name is the row header).
    expect(cells('Capstan CL-25')[2]).toHaveTextContent('Machine');
    expect(cells('Lathe kit')[2]).toHaveTextContent('Accessory');
    expect(cells('Collet')[2]).toHaveTextContent('Spare Part');
    expect(cells('Installation')[2]).toHaveTextContent('Service');
    expect(within(cells('Capstan CL-25')[1]!).getByText('machine')).toHaveClass('bg-blue-100');
    expect(within(cells('Collet')[1]!).getByText('spare')).toHaveClass('bg-green-100');
    expect(within(cells('Installation')[1]!).getByText('service')).toHaveClass('bg-purple-100');

    // Counters follow the local toggles; Save is disabled until something changed.
    expect(saveButton()).toBeDisabled();
    await user.click(checkbox('Collet'));
    expect(counter('Featured')).toBe('3');
    expect(saveButton()).toBeEnabled();
    await user.click(checkbox('Collet'));
    expect(saveButton()).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Back to Products' }));
    expect(screen.getByTestId('location')).toHaveTextContent(paths.admin.products);
  });

  it('sends one PUT {featured} per changed item only, shows Saving..., then the success toast', async () => {
    const calls: PutCall[] = [];
    server.use(...listHandlers(sample()), ...putHandlers(calls));
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('Capstan CL-25');

    await user.click(checkbox('Capstan CL-25')); // true → false
    await user.click(checkbox('Collet')); // false → true
    await user.click(checkbox('Installation')); // toggled twice: unchanged
    await user.click(checkbox('Installation'));
    await user.click(saveButton());
    expect(saveButton()).toHaveTextContent('Saving...');
    expect(saveButton()).toBeDisabled();

    expect(await screen.findByText('Featured products updated successfully')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    expect(calls).toEqual(
      expect.arrayContaining([
        { url: '/api/products/m-1', body: { featured: false } },
        { url: '/api/spareparts/p-1', body: { featured: true } },
      ]),
    );
    expect(saveButton()).toHaveTextContent('Save Changes');
    expect(saveButton()).toBeDisabled();
  });

  it('a partial failure names the failed item and keeps it marked as changed', async () => {
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls: PutCall[] = [];
    server.use(...listHandlers(sample()), ...putHandlers(calls, ['/api/services/s-1']));
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('Capstan CL-25');

    await user.click(checkbox('Collet'));
    await user.click(checkbox('Installation'));
    await user.click(saveButton());

    expect(await screen.findByText('Failed to save featured products: Installation')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(errorSpy).toHaveBeenCalled();
    expect(row('Installation')).toHaveAttribute('data-changed', 'true');
    expect(row('Collet')).toHaveAttribute('data-changed', 'false');

    // Only the failed item is sent again.
    calls.length = 0;
    server.use(...putHandlers(calls));
    await user.click(saveButton());
    expect(await screen.findByText('Featured products updated successfully')).toBeInTheDocument();
    expect(calls).toEqual([{ url: '/api/services/s-1', body: { featured: false } }]);
  });

  it("says 'Error / Failed to fetch products' when loading fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('/api/products', () => HttpResponse.json({ message: 'down' }, { status: 500 })),
      http.get('/api/spareparts', () => HttpResponse.json([])),
      http.get('/api/services', () => HttpResponse.json([])),
    );
    renderScreen();
    expect(await screen.findByText('Failed to fetch products')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.queryByText('Loading products...')).not.toBeInTheDocument();
  });

  it("shows 'No products found' when there is nothing", async () => {
    server.use(...listHandlers());
    renderScreen();
    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(counter('Total Products')).toBe('0');
    await waitFor(() => expect(saveButton()).toBeDisabled());
  });
});
