import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { FAVOURITES_STORAGE_KEY } from '@capstan/shared';
import { buildMachine, buildService, buildSparePart } from '@/testing/fixtures';
import { gate } from '@/testing/gate';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';
import { CATALOGUE_PAGE_SIZE } from '../api/get-catalogue';
import { SEARCH_SHOWN_PENDING_AFTER_MS } from '../hooks/use-catalogue-params';
import { CATALOGUE_SEARCH_MEASURE } from '../lib/perf-marks';
import { catalogueApi, summaryOf, type CatalogueLists } from '../testing/catalogue-api';

function useCatalogueApi(lists: CatalogueLists = {}, options: Parameters<typeof catalogueApi>[1] = {}) {
  const api = catalogueApi(lists, options);
  server.use(...api.handlers);
  return api.requests;
}

const SUMMARY_URL = '/api/catalogue/summary';
const cardNames = () => screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
/** Two machines that one word tells apart: 'capstan' or 'fanuc' finds one of them. */
const capstanAndCnc = () => [
  buildMachine({ name: 'Capstan Lathe CL-25', description: 'Bar work up to 25 mm.', category: 'capstan-lathe' }),
  buildMachine({ name: 'CNC Turning Centre', description: 'Fanuc control.' }),
];
// The sidebar's tabs (the row above the cards repeats them for narrow screens).
const tabLink = (name: RegExp) =>
  within(screen.getByRole('navigation', { name: 'Catalogue categories' })).getByRole('link', { name });
const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).nextSibling;
const pagination = () => screen.getByRole('navigation', { name: 'Pagination' });

async function openFilters(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Filters' }));
  return screen.getByLabelText('Sort by');
}

const spareParts = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    buildSparePart({ name: `Part ${String(index + 1).padStart(4, '0')}`, description: 'Genuine spare.' }),
  );

describe('catalogue', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows a spinner while loading, then asks for the counts and the first page of the tab only', async () => {
    const requests = useCatalogueApi({
      machines: [buildMachine({ name: 'CNC Turning Centre' }), buildMachine({ name: 'Capstan Lathe CL-25' })],
      spares: [
        buildSparePart({ name: 'Collet' }),
        buildSparePart({ name: 'Tool post' }),
        buildSparePart({ name: 'Pin' }),
      ],
      services: [buildService({ name: 'Installation' })],
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/products');
    expect(screen.getByText('Loading products...')).toBeInTheDocument();

    expect(await screen.findByRole('navigation', { name: 'Catalogue categories' })).toBeInTheDocument();
    expect(tabLink(/^Machines,\s*2$/)).toHaveAttribute('aria-current', 'page');
    expect(tabLink(/^Spare Parts,\s*3$/)).not.toHaveAttribute('aria-current');
    // Links with real URLs, in the sidebar and in the row narrow screens show.
    expect(tabLink(/^Spare Parts,\s*3$/)).toHaveAttribute('href', '/products?tab=spares');
    expect(
      within(screen.getByRole('navigation', { name: 'Catalogue tabs' })).getByRole('link', { name: /^Services,\s*1$/ }),
    ).toHaveAttribute('href', '/products?tab=services');
    expect(tabLink(/^Services,\s*1$/)).toBeInTheDocument();
    expect(cardNames()).toEqual(['Capstan Lathe CL-25', 'CNC Turning Centre']);
    expect(screen.getByText('Showing 1–2 of 2 machines')).toBeInTheDocument();
    expect([...requests].sort()).toEqual([SUMMARY_URL, '/api/products?category=machine&limit=24']);

    await user.click(tabLink(/^Spare Parts,\s*3$/));
    expect(router.state.location.search).toBe('?tab=spares');
    await waitFor(() => expect(cardNames()).toEqual(['Collet', 'Pin', 'Tool post']));
    expect(screen.getByText('Showing 1–3 of 3 spare parts')).toBeInTheDocument();
    expect(requests.slice(2)).toEqual(['/api/spareparts?limit=24']);

    // The tiles count the data (SPEC §9's fixed 3 and 2.5K+ were invented figures).
    expect(tile('Categories')).toHaveTextContent(/^0$/);
    expect(tile('Spare Parts Range')).toHaveTextContent(/^3$/);
    expect(screen.queryByText('2.5K+')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/#contact');

    // Back to a tab already seen: from the cache, no request.
    await user.click(tabLink(/^Machines,\s*2$/));
    expect(cardNames()).toEqual(['Capstan Lathe CL-25', 'CNC Turning Centre']);
    expect(requests).toHaveLength(3);
  });

  it('takes the counts from the summary and the matches from X-Total-Count', async () => {
    server.use(
      http.get(SUMMARY_URL, () =>
        HttpResponse.json({
          products: { total: 150, featured: 9 },
          machines: { total: 140, featured: 7 },
          spareParts: { total: 25_000, featured: 12 },
          services: { total: 6, featured: 2 },
          machineCategories: 4,
        }),
      ),
      http.get('/api/products', () =>
        HttpResponse.json([buildMachine({ name: 'Alpha' }), buildMachine({ name: 'Bravo' })], {
          headers: { 'X-Total-Count': '130' },
        }),
      ),
    );
    renderApp('/products');

    expect(await screen.findByText('Showing 1–2 of 130 machines')).toBeInTheDocument();
    expect(tabLink(/^Machines,\s*140$/)).toBeInTheDocument();
    expect(tabLink(/^Spare Parts,\s*25,000$/)).toBeInTheDocument();
    expect(tabLink(/^Services,\s*6$/)).toBeInTheDocument();
    expect(tile('Machines listed')).toHaveTextContent('140');
    expect(tile('Featured')).toHaveTextContent('7');
    expect(tile('Categories')).toHaveTextContent(/^4$/);
    expect(tile('Spare Parts Range')).toHaveTextContent(/^25,000$/);
    // 130 matches are 6 pages of 24.
    expect(within(pagination()).getByRole('link', { name: 'Page 6' })).toBeInTheDocument();
    expect(within(pagination()).queryByRole('link', { name: 'Page 7' })).not.toBeInTheDocument();
  });

  it('asks for the tab, search, order and page named in the URL', async () => {
    const services = Array.from({ length: 30 }, (_, index) =>
      buildService({ name: `AMC plan ${String(index + 1).padStart(2, '0')}`, featured: index === 29 }),
    );
    const requests = useCatalogueApi({
      services: [...services, buildService({ name: 'Installation', featured: false })],
    });
    renderApp('/products?tab=services&q=%20amc%20&sort=featured&page=2');

    expect(await screen.findByText('Showing 25–30 of 30 services matching "amc"')).toBeInTheDocument();
    expect(requests).toContain('/api/services?q=amc&sort=featured&offset=24&limit=24');
    // Featured first: plan 30, then plans 01–29 by name; the second page holds plans 24–29.
    expect(cardNames()).toEqual(services.slice(23, 29).map((service) => service.name));
    expect(screen.getByRole('searchbox', { name: 'Search services' })).toHaveValue(' amc ');
    expect(tile('Services listed')).toHaveTextContent('31');
    expect(tile('Featured')).toHaveTextContent('1');
    expect(screen.getByRole('link', { name: 'Request Quote: AMC plan 25' })).toHaveAttribute(
      'href',
      '/?service=maintenance&product=AMC%20plan%2025#contact',
    );
  });

  it('searches on every keystroke with the trimmed term and says what matched', async () => {
    const requests = useCatalogueApi({
      machines: [
        buildMachine({ name: 'Capstan Lathe CL-25', description: 'Heavy-duty turret lathe.' }),
        buildMachine({ name: 'CNC Turning Centre', description: 'Fanuc CONTROL with 8-station turret.' }),
        buildMachine({ name: 'Drilling machine', description: 'Pillar drill.' }),
      ],
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/products');
    const search = await screen.findByRole('searchbox', { name: 'Search machines' });

    await user.type(search, 'control ');
    await waitFor(() => expect(cardNames()).toEqual(['CNC Turning Centre']));
    expect(screen.getByText('Showing 1 of 1 machines matching "control"')).toBeInTheDocument();
    expect(requests.at(-1)).toBe('/api/products?category=machine&q=control&limit=24');
    await waitFor(() => expect(router.state.location.search).toBe('?q=control+'));

    await user.clear(search);
    await user.type(search, 'TURRET');
    await waitFor(() => expect(cardNames()).toEqual(['Capstan Lathe CL-25', 'CNC Turning Centre']));
    expect(requests.at(-1)).toBe('/api/products?category=machine&q=TURRET&limit=24');
  });

  it('keeps the cards on screen while the next search loads, and measures the paint of its own results', async () => {
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 0));
    performance.clearMeasures(CATALOGUE_SEARCH_MEASURE);
    let held = gate();
    useCatalogueApi(
      {
        machines: [
          buildMachine({ name: 'Capstan Lathe CL-25', description: 'Turret lathe.' }),
          buildMachine({ name: 'Collet Lathe', description: 'Bar lathe.' }),
          buildMachine({ name: 'Drill', description: 'Pillar drill.' }),
        ],
      },
      { wait: (url) => (url.searchParams.has('q') ? held.opened : Promise.resolve()) },
    );
    const user = userEvent.setup({ delay: null });
    renderApp('/products');
    const search = await screen.findByRole('searchbox', { name: 'Search machines' });

    await user.type(search, 'c');
    held.open();
    await waitFor(() => expect(cardNames()).toEqual(['Capstan Lathe CL-25', 'Collet Lathe']));
    await waitFor(() => expect(performance.getEntriesByName(CATALOGUE_SEARCH_MEASURE).length).toBeGreaterThan(0));
    // Let every paint callback of "c" run out before counting (a slow machine may still have one queued).
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const measuredForC = performance.getEntriesByName(CATALOGUE_SEARCH_MEASURE).length;

    held = gate();
    const typedAt = performance.now();
    await user.type(search, 'o');
    // An answer that comes soon replaces the cards without a busy state in between: for the first
    // SEARCH_SHOWN_PENDING_AFTER_MS only the box's spinner says it is on its way.
    expect(screen.queryByText(/^Searching for/)).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { busy: true })).not.toBeInTheDocument();
    // The answer for "co" is held back: the cards for "c" stay, marked busy, with no loading screen…
    await screen.findByText('Searching for "co"…');
    expect(performance.now() - typedAt).toBeGreaterThanOrEqual(SEARCH_SHOWN_PENDING_AFTER_MS);
    expect(screen.queryByText('Loading products...')).not.toBeInTheDocument();
    expect(cardNames()).toEqual(['Capstan Lathe CL-25', 'Collet Lathe']);
    expect(screen.getByRole('list', { busy: true })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 2 machines matching "c"')).toBeInTheDocument();
    // The cards on screen are not the results for "co": nothing is measured for it yet.
    expect(performance.getEntriesByName(CATALOGUE_SEARCH_MEASURE)).toHaveLength(measuredForC);

    held.open();
    await waitFor(() => expect(cardNames()).toEqual(['Collet Lathe']));
    expect(screen.getByText('Showing 1 of 1 machines matching "co"')).toBeInTheDocument();
    expect(screen.queryByText(/^Searching for/)).not.toBeInTheDocument();
    await waitFor(() => expect(performance.getEntriesByName(CATALOGUE_SEARCH_MEASURE)).toHaveLength(measuredForC + 1));
  });

  it('asks the server for the chosen order', async () => {
    const requests = useCatalogueApi({
      machines: [
        buildMachine({ name: 'A dear one', price: 500000, featured: false }),
        buildMachine({ name: 'B unpriced', price: null, featured: true }),
        buildMachine({ name: 'C cheap one', price: 100000, featured: false }),
      ],
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/products');
    await screen.findByText('Showing 1–3 of 3 machines');
    expect(cardNames()).toEqual(['A dear one', 'B unpriced', 'C cheap one']);

    const sort = await openFilters(user);
    await user.selectOptions(sort, 'price');
    expect(router.state.location.search).toBe('?sort=price');
    await waitFor(() => expect(cardNames()).toEqual(['B unpriced', 'C cheap one', 'A dear one']));
    expect(requests.at(-1)).toBe('/api/products?category=machine&sort=price&limit=24');
    expect(screen.getByText('Price on request')).toBeInTheDocument();
    expect(screen.getByText('₹1,00,000')).toBeInTheDocument();

    await user.selectOptions(sort, 'featured');
    await waitFor(() => expect(cardNames()).toEqual(['B unpriced', 'A dear one', 'C cheap one']));
    expect(requests.at(-1)).toBe('/api/products?category=machine&sort=featured&limit=24');
  });

  it('shows the empty states with a Clear Search button', async () => {
    useCatalogueApi({ machines: [buildMachine({ name: 'Capstan Lathe CL-25' })] });
    const user = userEvent.setup({ delay: null });
    renderApp('/products');
    const search = await screen.findByRole('searchbox', { name: 'Search machines' });

    await user.type(search, 'zzz');
    expect(await screen.findByText('No results found for "zzz"')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0 machines matching "zzz"')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(search).toHaveValue('');
    expect(await screen.findByText('Showing 1 of 1 machines')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Capstan Lathe CL-25']);

    await user.click(tabLink(/^Spare Parts,\s*0$/));
    expect(await screen.findByText('No spare parts available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear Search' })).toBeInTheDocument();

    // Searching a tab that holds nothing says so rather than "no results".
    await user.type(screen.getByRole('searchbox', { name: 'Search spare parts' }), 'pin');
    expect(await screen.findByText('Showing 0 of 0 spare parts matching "pin"')).toBeInTheDocument();
    expect(screen.getByText('No spare parts available')).toBeInTheDocument();
  });

  it('offers "Request this part" when a spare-parts search finds nothing', async () => {
    useCatalogueApi({
      machines: [buildMachine({ name: 'Capstan Lathe CL-25' })],
      spares: [buildSparePart({ name: 'Spring Collet 16 mm' })],
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/products?tab=spares&q=colet%2025');
    expect(await screen.findByText('No results found for "colet 25"')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request this part' })).toHaveAttribute(
      'href',
      '/?service=general&part=colet%2025#contact',
    );
    // The term follows the search box.
    const search = screen.getByRole('searchbox', { name: 'Search spare parts' });
    await user.clear(search);
    await user.type(search, 'gear 42T');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Request this part' })).toHaveAttribute(
        'href',
        '/?service=general&part=gear%2042T#contact',
      ),
    );
    // Found: nothing to request.
    await user.clear(search);
    await user.type(search, 'collet');
    expect(await screen.findByText('Showing 1 of 1 spare parts matching "collet"')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Request this part' })).not.toBeInTheDocument();

    // Only spare parts are requested this way.
    await user.click(tabLink(/^Machines,/));
    await user.clear(await screen.findByRole('searchbox', { name: 'Search machines' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search machines' }), 'zzz');
    expect(await screen.findByText('No results found for "zzz"')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Request this part' })).not.toBeInTheDocument();
  });

  it('shows the search of the history entry Back returns to, and keeps typing out of the history', async () => {
    useCatalogueApi({
      machines: [buildMachine({ name: 'Capstan Lathe CL-25' })],
      spares: [buildSparePart({ name: 'Spring Collet 16 mm' })],
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/products');
    await user.type(await screen.findByRole('searchbox', { name: 'Search machines' }), 'lathe');
    expect(await screen.findByText('Showing 1 of 1 machines matching "lathe"')).toBeInTheDocument();

    await user.click(tabLink(/^Spare Parts,\s*1$/));
    const spares = await screen.findByRole('searchbox', { name: 'Search spare parts' });
    await user.clear(spares);
    await user.type(spares, 'collet');
    expect(await screen.findByText('Showing 1 of 1 spare parts matching "collet"')).toBeInTheDocument();

    await act(() => router.navigate(-1));
    const machines = await screen.findByRole('searchbox', { name: 'Search machines' });
    expect(machines).toHaveValue('lathe');
    expect(await screen.findByText('Showing 1 of 1 machines matching "lathe"')).toBeInTheDocument();
  });

  it('shows the search Back returns to, not one still on its way when Back was pressed', async () => {
    const held = gate();
    useCatalogueApi(
      { machines: capstanAndCnc(), spares: [buildSparePart({ name: 'Spring Collet 16 mm' })] },
      { wait: (url) => (url.searchParams.get('q') === 'collet' ? held.opened : Promise.resolve()) },
    );
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/products');
    await screen.findByText('Showing 1–2 of 2 machines');
    await user.click(tabLink(/^Spare Parts,\s*1$/));
    await user.type(await screen.findByRole('searchbox', { name: 'Search spare parts' }), 'collet');
    await act(() => router.navigate(-1));
    held.open();
    // Longer than the wait after which a slow answer's search is shown.
    await act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_SHOWN_PENDING_AFTER_MS * 2)));
    expect(screen.getByRole('searchbox', { name: 'Search machines' })).toHaveValue('');
    expect(screen.getByText('Showing 1–2 of 2 machines')).toBeInTheDocument();
  });

  it('keeps a search still on its way when the order changes', async () => {
    const held = gate();
    useCatalogueApi(
      { machines: capstanAndCnc() },
      { wait: (url) => (url.searchParams.get('q') === 'capstan' ? held.opened : Promise.resolve()) },
    );
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/products');
    await screen.findByText('Showing 1–2 of 2 machines');
    const sort = await openFilters(user);
    await user.type(screen.getByRole('searchbox', { name: 'Search machines' }), 'capstan');
    await user.selectOptions(sort, 'price');
    expect(router.state.location.search).toBe('?q=capstan&sort=price');
    held.open();
    expect(await screen.findByText('Showing 1 of 1 machines matching "capstan"')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search machines' })).toHaveValue('capstan');
  });

  it('writes the search to the URL once typing pauses, and at once when the box is left', async () => {
    useCatalogueApi({ machines: capstanAndCnc() });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/products');
    const search = await screen.findByRole('searchbox', { name: 'Search machines' });
    const written = new Set<string>();
    const stopWatching = router.subscribe((state) => written.add(state.location.search));

    // A URL change re-renders every link of the page, so a keystroke does not make one (decision 060).
    await user.type(search, 'capstan');
    expect(await screen.findByText('Showing 1 of 1 machines matching "capstan"')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?q=capstan'));
    // One write for the word; a second only if this machine stalled longer than the pause mid-word.
    expect(written.size).toBeLessThanOrEqual(2);

    // Leaving the box does not wait for the pause: a link followed next finds the search in the URL.
    await user.type(search, ' lathe');
    await user.tab();
    expect(router.state.location.search).toBe('?q=capstan+lathe');
    stopWatching();
  });

  it("fills the cards on screen with the next results, each with its own item's picture", async () => {
    useCatalogueApi({ machines: capstanAndCnc() });
    const user = userEvent.setup({ delay: null });
    renderApp('/products');
    const search = await screen.findByRole('searchbox', { name: 'Search machines' });
    await waitFor(() => expect(cardNames()).toEqual(['Capstan Lathe CL-25', 'CNC Turning Centre']));
    const [firstCard] = screen.getAllByRole('article');
    const firstPicture = within(firstCard!).getByRole('img');
    expect(firstPicture).toHaveAccessibleName('Capstan Lathe CL-25');

    await user.type(search, 'fanuc');
    await waitFor(() => expect(cardNames()).toEqual(['CNC Turning Centre']));
    // The same card, not a new one (decision 060); a picture of the item it now shows, not the old one.
    const [card] = screen.getAllByRole('article');
    expect(card).toBe(firstCard);
    expect(within(card!).getByRole('img')).toHaveAccessibleName('CNC Turning Centre');
    expect(within(card!).getByRole('img')).not.toBe(firstPicture);
  });

  it('asks for one page of 24 at a time of 2,500 spare parts', async () => {
    const requests = useCatalogueApi({ spares: spareParts(2500) });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/products?tab=spares');

    expect(await screen.findByText('Showing 1–24 of 2,500 spare parts')).toBeInTheDocument();
    expect(tabLink(/^Spare Parts,\s*2,500$/)).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(CATALOGUE_PAGE_SIZE);
    expect(cardNames()[0]).toBe('Part 0001');
    expect(within(pagination()).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pagination()).getByRole('link', { name: 'Page 105' })).toHaveAttribute(
      'href',
      '/products?tab=spares&page=105',
    );
    expect(within(pagination()).getByRole('link', { name: 'Previous page' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(pagination()).getByRole('link', { name: 'Previous page' })).not.toHaveAttribute('href');

    await user.click(within(pagination()).getByRole('link', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?tab=spares&page=2');
    // The pagination follows the click at once; the cards follow their answer.
    expect(within(pagination()).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(cardNames()[0]).toBe('Part 0025'));
    expect(screen.getAllByRole('article')).toHaveLength(CATALOGUE_PAGE_SIZE);
    expect(requests.at(-1)).toBe('/api/spareparts?offset=24&limit=24');
    // What is on screen, not the whole list.
    expect(screen.getByText('Showing 25–48 of 2,500 spare parts')).toBeInTheDocument();

    await user.click(within(pagination()).getByRole('link', { name: 'Page 105' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2500 - 104 * CATALOGUE_PAGE_SIZE));
    expect(requests.at(-1)).toBe('/api/spareparts?offset=2496&limit=24');
    expect(within(pagination()).getByRole('link', { name: 'Next page' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Showing 2,497–2,500 of 2,500 spare parts')).toBeInTheDocument();
  });

  it("jumps to the results heading after a page link, without the page's smooth scroll (decision 060)", async () => {
    useCatalogueApi({ spares: spareParts(30) });
    const scrollIntoView = vi.fn();
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      const user = userEvent.setup({ delay: null });
      renderApp('/products?tab=spares');
      expect(await screen.findByText('Showing 1–24 of 30 spare parts')).toBeInTheDocument();

      await user.click(within(pagination()).getByRole('link', { name: 'Next page' }));
      const heading = screen.getByRole('heading', { level: 2, name: 'Spare Parts results' });
      expect(heading).toHaveFocus();
      expect(scrollIntoView).toHaveBeenCalledTimes(1);
      expect(scrollIntoView.mock.contexts[0]).toBe(heading);
      expect(scrollIntoView).toHaveBeenCalledWith({ block: 'start', behavior: 'instant' });
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('shows the last page when the URL names a page past the end', async () => {
    const requests = useCatalogueApi({ spares: spareParts(30) });
    const { router } = renderApp('/products?tab=spares&q=part&page=9');

    await waitFor(() => expect(router.state.location.search).toBe('?tab=spares&q=part&page=2'));
    expect(cardNames()).toEqual(['Part 0025', 'Part 0026', 'Part 0027', 'Part 0028', 'Part 0029', 'Part 0030']);
    expect(within(pagination()).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Showing 25–30 of 30 spare parts matching "part"')).toBeInTheDocument();
    // The last page's answer is reused for its own URL rather than asked for again.
    expect(requests.filter((url) => url !== SUMMARY_URL)).toEqual([
      '/api/spareparts?q=part&offset=192&limit=24',
      '/api/spareparts?q=part&offset=24&limit=24',
    ]);
  });

  it('switches to the list view with Quote links and keeps it in the URL', async () => {
    const machine = buildMachine({ name: 'Capstan Lathe CL-25', category: 'capstan-lathe' });
    const requests = useCatalogueApi({ machines: [machine] });
    const user = userEvent.setup({ delay: null });
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
    // The view is not part of the list call.
    expect(requests).toHaveLength(2);
  });

  it('hides and shows the sort panel with the filters toggle', async () => {
    useCatalogueApi({ machines: [buildMachine()] });
    const user = userEvent.setup({ delay: null });
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
    useCatalogueApi({ machines: [machine] });
    const user = userEvent.setup({ delay: null });
    const first = renderApp('/products');
    const heart = await screen.findByRole('button', { name: 'Favourite Capstan Lathe CL-25' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(localStorage.getItem(FAVOURITES_STORAGE_KEY) ?? '[]')).toEqual([machine.id]);
    first.unmount();

    renderApp('/products');
    expect(await screen.findByRole('button', { name: 'Favourite Capstan Lathe CL-25' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Favourite Capstan Lathe CL-25' }));
    expect(JSON.parse(localStorage.getItem(FAVOURITES_STORAGE_KEY) ?? '[]')).toEqual([]);
  });

  it('links each tab and page to its own URL, keeping the search, order and view', async () => {
    useCatalogueApi({ spares: spareParts(30), machines: [buildMachine({ name: 'Part lathe' })] });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/products?tab=spares&q=part&sort=price&view=list');
    await screen.findByText('Showing 1–24 of 30 spare parts matching "part"');

    expect(tabLink(/^Machines,/)).toHaveAttribute('href', '/products?q=part&sort=price&view=list');
    expect(within(pagination()).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'href',
      '/products?tab=spares&q=part&sort=price&view=list&page=2',
    );

    // Followed in place by the router: no page load, the search box keeps its text.
    await user.click(tabLink(/^Machines,/));
    expect(router.state.location.search).toBe('?q=part&sort=price&view=list');
    expect(await screen.findByText('Showing 1 of 1 machines matching "part"')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search machines' })).toHaveValue('part');
  });

  it('closes the drawer when one of its tabs is followed', async () => {
    useCatalogueApi({ machines: [buildMachine({ name: 'Capstan Lathe CL-25' })], spares: spareParts(2) });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/products');
    await user.click(await screen.findByRole('button', { name: 'Machines: open categories' }));
    const drawer = screen.getByRole('dialog', { name: 'Catalogue categories' });

    await user.click(within(drawer).getByRole('link', { name: /^Spare Parts,/ }));
    expect(router.state.location.search).toBe('?tab=spares');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Showing 1–2 of 2 spare parts')).toBeInTheDocument();
  });

  it('is a GET search form for visitors without the app; with it, Enter changes nothing', async () => {
    useCatalogueApi({
      spares: [
        buildSparePart({ name: 'Spring Collet', description: 'Genuine spare.' }),
        buildSparePart({ name: 'Tool post', description: 'Genuine spare.' }),
      ],
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/products?tab=spares&sort=featured');
    const search = await screen.findByRole('searchbox', { name: 'Search spare parts' });

    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/products');
    expect(search).toHaveAttribute('name', 'q');
    // The tab and order travel with the search; the page does not (a new search starts at page 1).
    expect(Object.fromEntries(new FormData(form as HTMLFormElement))).toEqual({
      q: '',
      tab: 'spares',
      sort: 'featured',
    });

    // Listening above React's root, so this sees the event after the screen has handled it.
    const submitted = vi.fn((event: SubmitEvent) => event.defaultPrevented);
    document.addEventListener('submit', submitted);
    await user.type(search, 'col{Enter}');
    document.removeEventListener('submit', submitted);
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(submitted).toHaveReturnedWith(true);
    await waitFor(() => expect(cardNames()).toEqual(['Spring Collet']));
    // The results follow each keystroke; the URL follows Enter in a navigation of its own, which a
    // busy machine can finish after the cards have changed.
    await waitFor(() => expect(router.state.location.search).toBe('?tab=spares&sort=featured&q=col'));
  });

  describe('failures', () => {
    let logged: MockInstance<typeof console.error>;
    beforeEach(() => {
      logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    });

    const expectFailureScreen = async () => {
      expect(await screen.findByText('Oops! Something went wrong')).toBeInTheDocument();
      expect(screen.getByText('Failed to load products. Please try again.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    };

    it('gives up on a page after 5 s and shows the failure screen', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      server.use(
        http.get('/api/spareparts', async () => {
          await delay('infinite');
          return HttpResponse.json([]);
        }),
        ...catalogueApi().handlers,
      );
      renderApp('/products?tab=spares');
      expect(screen.getByText('Loading products...')).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(4900));
      expect(screen.queryByText('Oops! Something went wrong')).not.toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(100));

      await expectFailureScreen();
      expect(logged).toHaveBeenCalledWith('Request for spare parts timed out.');
    });

    it('shows the failure screen when a page answers non-OK', async () => {
      server.use(
        http.get('/api/services', () => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' })),
        ...catalogueApi().handlers,
      );
      renderApp('/products?tab=services');
      await expectFailureScreen();
      expect(logged).toHaveBeenCalledWith('Failed to fetch services: Service Unavailable');
    });

    it('shows the failure screen when a page comes without its total', async () => {
      server.use(
        http.get('/api/products', () => HttpResponse.json([buildMachine()])),
        ...catalogueApi().handlers,
      );
      renderApp('/products');
      await expectFailureScreen();
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^Failed to fetch machines: Expected a total count/));
    });

    it('shows the failure screen when the counts fail, even with the page loaded', async () => {
      server.use(
        http.get(SUMMARY_URL, () => new HttpResponse(null, { status: 500, statusText: 'Internal Server Error' })),
        ...catalogueApi({ machines: [buildMachine()] }).handlers,
      );
      renderApp('/products');
      await expectFailureScreen();
      expect(logged).toHaveBeenCalledWith('Failed to fetch catalogue counts: Internal Server Error');
    });

    it('gives up on the counts after 5 s', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      server.use(
        http.get(SUMMARY_URL, async () => {
          await delay('infinite');
          return HttpResponse.json(summaryOf({}));
        }),
        ...catalogueApi().handlers,
      );
      renderApp('/products');
      await act(() => vi.advanceTimersByTimeAsync(5000));
      await expectFailureScreen();
      expect(logged).toHaveBeenCalledWith('Request for catalogue counts timed out.');
    });

    it('shows the failure screen when a later search fails', async () => {
      server.use(
        http.get('/api/products', ({ request }) =>
          new URL(request.url).searchParams.has('q')
            ? new HttpResponse(null, { status: 502, statusText: 'Bad Gateway' })
            : undefined,
        ),
        ...catalogueApi({ machines: [buildMachine({ name: 'Capstan Lathe CL-25' })] }).handlers,
      );
      const user = userEvent.setup({ delay: null });
      renderApp('/products');
      await user.type(await screen.findByRole('searchbox', { name: 'Search machines' }), 'x');
      await expectFailureScreen();
      expect(logged).toHaveBeenCalledWith('Failed to fetch machines: Bad Gateway');
    });
  });
});
