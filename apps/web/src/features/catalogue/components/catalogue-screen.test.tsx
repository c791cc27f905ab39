import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Machine, Service, SparePart } from '@capstan/shared';
import { buildMachine, buildService, buildSparePart } from '@/testing/fixtures';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';
import { FAVOURITES_KEY } from '../hooks/use-favourites';
import { CATALOGUE_PAGE_SIZE } from './catalogue-screen';

function catalogueHandlers({
  machines = [],
  spares = [],
  services = [],
}: { machines?: Machine[]; spares?: SparePart[]; services?: Service[] } = {}) {
  return [
    http.get('/api/products', ({ request }) =>
      new URL(request.url).searchParams.get('category') === 'machine'
        ? HttpResponse.json(machines)
        : HttpResponse.json({ message: 'wrong query' }, { status: 400 }),
    ),
    http.get('/api/spareparts', () => HttpResponse.json(spares)),
    http.get('/api/services', () => HttpResponse.json(services)),
  ];
}

const cardNames = () => screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
const tabButton = (name: RegExp) => screen.getByRole('button', { name });

async function openFilters(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Filters' }));
  return screen.getByLabelText('Sort by');
}

describe('catalogue', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a spinner while loading, then the three tabs with their counts', async () => {
    server.use(
      ...catalogueHandlers({
        machines: [buildMachine({ name: 'Capstan Lathe CL-25' }), buildMachine({ name: 'CNC Turning Centre' })],
        spares: [
          buildSparePart({ name: 'Collet' }),
          buildSparePart({ name: 'Tool post' }),
          buildSparePart({ name: 'Pin' }),
        ],
        services: [buildService({ name: 'Installation' })],
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/products');
    expect(screen.getByText('Loading products...')).toBeInTheDocument();

    expect(await screen.findByRole('button', { name: /^Machines,\s*2$/ })).toHaveAttribute('aria-pressed', 'true');
    expect(tabButton(/^Spare Parts,\s*3$/)).toHaveAttribute('aria-pressed', 'false');
    expect(tabButton(/^Services,\s*1$/)).toBeInTheDocument();
    expect(cardNames()).toEqual(['Capstan Lathe CL-25', 'CNC Turning Centre']);
    expect(screen.getByText('Showing 2 of 2 machines')).toBeInTheDocument();

    await user.click(tabButton(/^Spare Parts,\s*3$/));
    expect(cardNames()).toEqual(['Collet', 'Pin', 'Tool post']);
    expect(screen.getByText('Showing 3 of 3 spare parts')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=spares');

    // Fixed tiles (SPEC §9) and the tab's own count.
    expect(screen.getByText('Categories', { selector: 'dt' }).nextSibling).toHaveTextContent('3');
    expect(screen.getByText('2.5K+')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/#contact');
  });

  it('opens the tab named in the URL', async () => {
    server.use(...catalogueHandlers({ services: [buildService({ name: 'Annual maintenance (AMC)' })] }));
    renderApp('/products?tab=services');
    expect(await screen.findByText('Showing 1 of 1 services')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request Quote: Annual maintenance (AMC)' })).toHaveAttribute(
      'href',
      '/?service=maintenance&product=Annual%20maintenance%20(AMC)#contact',
    );
  });

  it('searches name or description, case-insensitively, and says what matched', async () => {
    server.use(
      ...catalogueHandlers({
        machines: [
          buildMachine({ name: 'Capstan Lathe CL-25', description: 'Heavy-duty turret lathe.' }),
          buildMachine({ name: 'CNC Turning Centre', description: 'Fanuc CONTROL with 8-station turret.' }),
          buildMachine({ name: 'Drilling machine', description: 'Pillar drill.' }),
        ],
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/products');
    const search = await screen.findByRole('searchbox', { name: 'Search machines' });

    await user.type(search, 'control');
    await waitFor(() => expect(cardNames()).toEqual(['CNC Turning Centre']));
    expect(screen.getByText('Showing 1 of 3 machines matching "control"')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?q=control'));

    await user.clear(search);
    await user.type(search, 'CAPSTAN');
    await waitFor(() => expect(cardNames()).toEqual(['Capstan Lathe CL-25']));

    await user.clear(search);
    await user.type(search, 'TURRET');
    await waitFor(() => expect(cardNames()).toEqual(['Capstan Lathe CL-25', 'CNC Turning Centre']));
  });

  it('sorts by price with a missing price as 0', async () => {
    server.use(
      ...catalogueHandlers({
        machines: [
          buildMachine({ name: 'A dear one', price: 500000 }),
          buildMachine({ name: 'B unpriced', price: null }),
          buildMachine({ name: 'C cheap one', price: 100000 }),
        ],
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/products');
    await screen.findByText('Showing 3 of 3 machines');
    expect(cardNames()).toEqual(['A dear one', 'B unpriced', 'C cheap one']);

    await user.selectOptions(await openFilters(user), 'price');
    expect(cardNames()).toEqual(['B unpriced', 'C cheap one', 'A dear one']);
    expect(router.state.location.search).toBe('?sort=price');
    expect(screen.getByText('Price on request')).toBeInTheDocument();
    expect(screen.getByText('₹1,00,000')).toBeInTheDocument();
  });

  it('sorts featured first, then by name', async () => {
    server.use(
      ...catalogueHandlers({
        machines: [
          buildMachine({ name: 'Alpha', featured: false }),
          buildMachine({ name: 'Delta', featured: true }),
          buildMachine({ name: 'Bravo', featured: true }),
          buildMachine({ name: 'Charlie', featured: false }),
        ],
      }),
    );
    const user = userEvent.setup();
    renderApp('/products');
    await screen.findByText('Showing 4 of 4 machines');
    await user.selectOptions(await openFilters(user), 'featured');
    expect(cardNames()).toEqual(['Bravo', 'Delta', 'Alpha', 'Charlie']);
  });

  it('shows the empty states with a Clear Search button', async () => {
    server.use(...catalogueHandlers({ machines: [buildMachine({ name: 'Capstan Lathe CL-25' })] }));
    const user = userEvent.setup();
    renderApp('/products');
    const search = await screen.findByRole('searchbox', { name: 'Search machines' });

    await user.type(search, 'zzz');
    expect(await screen.findByText('No results found for "zzz"')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 1 machines matching "zzz"')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(search).toHaveValue('');
    expect(await screen.findByText('Showing 1 of 1 machines')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Capstan Lathe CL-25']);

    await user.click(tabButton(/^Spare Parts,\s*0$/));
    expect(screen.getByText('No spare parts available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear Search' })).toBeInTheDocument();
  });

  it('renders one page of cards at a time for 2,500 spare parts', async () => {
    const spares = Array.from({ length: 2500 }, (_, index) =>
      buildSparePart({ name: `Part ${String(index + 1).padStart(4, '0')}`, description: 'Genuine spare.' }),
    );
    server.use(...catalogueHandlers({ spares }));
    const user = userEvent.setup();
    const { router } = renderApp('/products?tab=spares');

    expect(await screen.findByText('Showing 2,500 of 2,500 spare parts')).toBeInTheDocument();
    expect(tabButton(/^Spare Parts,\s*2,500$/)).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(CATALOGUE_PAGE_SIZE);
    expect(cardNames()[0]).toBe('Part 0001');
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pagination).getByRole('button', { name: 'Page 105' })).toBeInTheDocument();

    await user.click(within(pagination).getByRole('button', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?tab=spares&page=2');
    expect(cardNames()[0]).toBe('Part 0025');
    expect(screen.getAllByRole('article')).toHaveLength(CATALOGUE_PAGE_SIZE);

    await user.click(within(pagination).getByRole('button', { name: 'Page 105' }));
    expect(screen.getAllByRole('article')).toHaveLength(2500 - 104 * CATALOGUE_PAGE_SIZE);
    expect(within(pagination).getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('switches to the list view with Quote links and keeps it in the URL', async () => {
    const machine = buildMachine({ name: 'Capstan Lathe CL-25' });
    server.use(...catalogueHandlers({ machines: [machine] }));
    const user = userEvent.setup();
    const { router } = renderApp('/products');
    await screen.findByRole('link', { name: 'Request Quote: Capstan Lathe CL-25' });
    expect(screen.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'List view' }));
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?view=list');
    expect(screen.queryByRole('link', { name: /Request Quote/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Quote: Capstan Lathe CL-25' })).toHaveAttribute(
      'href',
      '/?service=capstan-lathe&product=Capstan%20Lathe%20CL-25#contact',
    );
    expect(screen.getByRole('link', { name: 'View Details: Capstan Lathe CL-25' })).toHaveAttribute(
      'href',
      `/product/${machine.id}`,
    );
  });

  it('hides and shows the sort panel with the filters toggle', async () => {
    server.use(...catalogueHandlers({ machines: [buildMachine()] }));
    const user = userEvent.setup();
    renderApp('/products');
    const toggle = await screen.findByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Sort by')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Sort by')).toHaveValue('name');
  });

  it('keeps favourites in local storage', async () => {
    const machine = buildMachine({ name: 'Capstan Lathe CL-25' });
    server.use(...catalogueHandlers({ machines: [machine] }));
    const user = userEvent.setup();
    const first = renderApp('/products');
    const heart = await screen.findByRole('button', { name: 'Favourite Capstan Lathe CL-25' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(localStorage.getItem(FAVOURITES_KEY) ?? '[]')).toEqual([machine.id]);
    first.unmount();

    renderApp('/products');
    expect(await screen.findByRole('button', { name: 'Favourite Capstan Lathe CL-25' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Favourite Capstan Lathe CL-25' }));
    expect(JSON.parse(localStorage.getItem(FAVOURITES_KEY) ?? '[]')).toEqual([]);
  });

  it('gives up on a list after 5 s and shows the failure screen', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('/api/spareparts', async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
      ...catalogueHandlers(),
    );
    renderApp('/products');
    expect(screen.getByText('Loading products...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(screen.queryByText('Oops! Something went wrong')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));

    expect(await screen.findByText('Oops! Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Failed to load products. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Request for spare parts timed out.');
  });

  it('shows the failure screen when a list answers non-OK', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('/api/services', () => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' })),
      ...catalogueHandlers(),
    );
    renderApp('/products');
    expect(await screen.findByText('Failed to load products. Please try again.')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to fetch services: Service Unavailable');
  });
});
