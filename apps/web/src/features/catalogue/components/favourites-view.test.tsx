import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_ITEMS_URL, FAVOURITES_STORAGE_KEY, parseQuoteList, QUOTE_LIST_COOKIE } from '@capstan/shared';
import { quoteCookie } from '@/testing/quote-list';
import { buildMachine, buildService, buildSparePart } from '@/testing/fixtures';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';
import { catalogueApi, type CatalogueLists } from '../testing/catalogue-api';

function useCatalogueApi(lists: CatalogueLists) {
  const api = catalogueApi(lists);
  server.use(...api.handlers);
  return api.requests;
}

const markFavourites = (ids: string[]) => localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify(ids));
const cardNames = () => screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

const machine = buildMachine({ name: 'NP-38 Capstan Lathe', category: 'machine' });
const collet = buildSparePart({ name: 'Spring Collet 25 mm', price: 1850 });
const bearing = buildSparePart({ name: 'Bearing 6205' });
const service = buildService({ name: 'Machine Installation' });
const lists = { machines: [machine], spares: [collet, bearing], services: [service] };

describe('catalogue Favourites view', () => {
  it('is reached from the catalogue by its own URL and shows the count of favourites', async () => {
    useCatalogueApi(lists);
    markFavourites([collet.id, service.id]);
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/products');
    const link = await screen.findByRole('link', { name: /^Favourites,\s*2$/ });
    expect(link).toHaveAttribute('href', '/products?tab=favourites');
    await user.click(link);
    expect(router.state.location.search).toBe('?tab=favourites');
    expect(await screen.findByRole('heading', { name: 'Favourites', level: 2 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /^Favourites,\s*2$/ })).toHaveAttribute('aria-current', 'page');
  });

  it('lists favourites of every kind in one call and offers one quote for all of them', async () => {
    const requests = useCatalogueApi(lists);
    markFavourites([service.id, collet.id, machine.id]);
    renderApp('/products?tab=favourites');
    await waitFor(() =>
      expect(cardNames()).toEqual(['NP-38 Capstan Lathe', 'Spring Collet 25 mm', 'Machine Installation']),
    );
    expect(screen.getByText('3 favourites')).toBeInTheDocument();
    // No list page is asked for: only the counts and the favourites themselves.
    expect(requests.filter((url) => !url.startsWith('/api/catalogue/summary'))).toEqual([
      `${CATALOGUE_ITEMS_URL}?ids=${[machine.id, collet.id, service.id].sort().join(',')}`,
    ]);

    expect(screen.getByRole('button', { name: 'Request a quote for these' })).toBeInTheDocument();
    // Each card keeps its own actions.
    expect(screen.getByRole('link', { name: 'View Details: Spring Collet 25 mm' })).toHaveAttribute(
      'href',
      `/product/${collet.id}`,
    );
  });

  it('drops an unmarked item at once and from storage', async () => {
    useCatalogueApi(lists);
    markFavourites([collet.id, bearing.id]);
    const user = userEvent.setup({ delay: null });
    renderApp('/products?tab=favourites');
    await waitFor(() => expect(cardNames()).toEqual(['Bearing 6205', 'Spring Collet 25 mm']));
    await user.click(screen.getByRole('button', { name: 'Favourite Bearing 6205' }));
    expect(cardNames()).toEqual(['Spring Collet 25 mm']);
    expect(JSON.parse(localStorage.getItem(FAVOURITES_STORAGE_KEY) ?? '[]')).toEqual([collet.id]);
    expect(screen.getByRole('button', { name: 'Request a quote for these' })).toBeInTheDocument();
  });

  it('puts every favourite on the quote list, keeping its lines, and opens it', async () => {
    useCatalogueApi(lists);
    // Already on the list: the collet, four of them.
    document.cookie = `${QUOTE_LIST_COOKIE}=${collet.id}:4; Path=/`;
    markFavourites([service.id, collet.id, machine.id]);
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/products?tab=favourites');
    await waitFor(() =>
      expect(cardNames()).toEqual(['NP-38 Capstan Lathe', 'Spring Collet 25 mm', 'Machine Installation']),
    );
    await user.click(screen.getByRole('button', { name: 'Request a quote for these' }));
    expect(router.state.location.pathname).toBe('/quote');
    // The favourites in the order shown, one each; the collet's line as it was.
    expect(parseQuoteList(quoteCookie())).toEqual([
      { id: collet.id, quantity: 4 },
      { id: machine.id, quantity: 1 },
      { id: service.id, quantity: 1 },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your quote list' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Machine Installation' })).toBeInTheDocument();
  });

  it('shows an empty state without favourites, and without any that still exist', async () => {
    useCatalogueApi(lists);
    const first = renderApp('/products?tab=favourites');
    expect(await screen.findByText('No favourites yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse machines' })).toHaveAttribute('href', '/products');
    expect(screen.queryByRole('button', { name: 'Request a quote for these' })).not.toBeInTheDocument();
    first.unmount();

    // A favourite deleted from the catalogue since it was marked.
    markFavourites(['6f1c1f66-0000-4000-8000-000000000000']);
    renderApp('/products?tab=favourites');
    expect(await screen.findByText('No favourites yet')).toBeInTheDocument();
  });

  it('offers to try again when the favourites cannot be loaded', async () => {
    useCatalogueApi(lists);
    let fail = true;
    server.use(
      http.get(CATALOGUE_ITEMS_URL, () =>
        fail
          ? HttpResponse.json({ message: 'down' }, { status: 503 })
          : HttpResponse.json([{ kind: 'spare', item: collet }]),
      ),
    );
    markFavourites([collet.id]);
    const user = userEvent.setup({ delay: null });
    renderApp('/products?tab=favourites');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load your favourites. Please try again.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(cardNames()).toEqual(['Spring Collet 25 mm']));
  });
});

describe('catalogue narrowed to one machine', () => {
  it('narrows the spare parts to one machine from the URL, names it, and undoes it', async () => {
    const np38 = buildMachine({ name: 'NP-38 Capstan Lathe', code: 'NP-38', category: 'machine' });
    const fitting = buildSparePart({ name: 'NP-38 Collet', fits: [np38.id] });
    const requests = useCatalogueApi({ machines: [np38], spares: [fitting, bearing] });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp(`/products?tab=spares&machine=${np38.id}`);
    expect(await screen.findByText('Parts for NP-38')).toBeInTheDocument();
    expect(cardNames()).toEqual(['NP-38 Collet']);
    expect(requests).toContain(`/api/spareparts?machine=${np38.id}&limit=24`);
    expect(screen.getByLabelText('For machine')).toHaveValue(np38.id);
    // The search form keeps the filter for visitors without the app.
    expect(document.querySelector('input[type="hidden"][name="machine"]')).toHaveAttribute('value', np38.id);
    // Other tabs start unfiltered.
    expect(
      within(screen.getByRole('navigation', { name: 'Catalogue categories' })).getByRole('link', {
        name: /^Machines,/,
      }),
    ).toHaveAttribute('href', '/products');

    await user.click(screen.getByRole('button', { name: 'Show all spare parts' }));
    expect(router.state.location.search).toBe('?tab=spares');
    await waitFor(() => expect(screen.queryByText('Parts for NP-38')).not.toBeInTheDocument());
  });
});
