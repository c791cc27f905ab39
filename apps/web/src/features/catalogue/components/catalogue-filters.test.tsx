import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER, type CatalogueFacets } from '@capstan/shared';
import { buildMachine } from '@/testing/fixtures';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';
import { summaryOf } from '../testing/catalogue-api';
import { formatBound } from './catalogue-filter-panel';

const machines = [
  buildMachine({ name: 'Capstan Lathe NP-38', category: 'capstan-lathe' }),
  buildMachine({ name: 'Capstan Lathe NP-50', category: 'capstan-lathe' }),
  buildMachine({ name: 'Kovai Turning Centre', category: 'cnc-lathe' }),
];

/** The facets the server would answer: the bar capacity range narrows with a category. */
function facetsFor(url: URL): CatalogueFacets {
  const category = url.searchParams.get('category');
  const ranges = url.searchParams.getAll('f');
  const selected = ranges.find((range) => range.startsWith('bar-capacity:'));
  const [min, max] = (selected?.split(':')[1] ?? '-').split('-').map((bound) => (bound === '' ? null : Number(bound)));
  return {
    total: category === 'capstan-lathe' ? 2 : 3,
    categories: [
      { slug: 'capstan-lathe', name: 'Capstan lathe', count: 2 },
      { slug: 'cnc-lathe', name: 'CNC lathe / turning centre', count: 1 },
    ],
    specs: [
      {
        slug: 'bar-capacity',
        key: 'Bar capacity',
        unit: 'mm',
        min: 38,
        max: category === 'capstan-lathe' ? 50 : 63.5,
        count: category === 'capstan-lathe' ? 2 : 3,
        selected: selected ? { min: min ?? null, max: max ?? null } : null,
      },
      { slug: 'motor-power', key: 'Motor power', unit: 'HP', min: 3, max: 4.962, count: 2, selected: null },
    ],
  };
}

/** Machines (filtered by category only: the ranges are the server's work) and facets, recording each call. */
function useFilterApi() {
  const requests: string[] = [];
  server.use(
    http.get('/api/catalogue/summary', () => HttpResponse.json(summaryOf({ machines }))),
    http.get('/api/catalogue/facets', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url.pathname + url.search);
      return HttpResponse.json(facetsFor(url));
    }),
    http.get('/api/products', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url.pathname + url.search);
      const category = url.searchParams.get('category');
      const shown = machines.filter((m) => category === 'machine' || m.category === category);
      return HttpResponse.json(shown, { headers: { [TOTAL_COUNT_HEADER]: String(shown.length) } });
    }),
  );
  return requests;
}

const cardNames = () => screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('catalogue filters', () => {
  it('filters by machine category and a specification range, with counts, kept in the URL', async () => {
    const requests = useFilterApi();
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/products');
    await waitFor(() => expect(cardNames()).toHaveLength(3));
    // Facets are asked for only once the panel is open.
    expect(requests.some((url) => url.startsWith('/api/catalogue/facets'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const type = await screen.findByLabelText('Machine type');
    expect(requests).toContain('/api/catalogue/facets?kind=machine');
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All machines', 'Capstan lathe (2)', 'CNC lathe / turning centre (1)']);
    const bar = screen.getByRole('group', { name: /Bar capacity/ });
    expect(bar).toHaveTextContent('3 items');
    // Bounds read as people quote them, rounded outwards so the range still holds every item:
    // 63.5 mm (from 2.5 inches) is 64, and 4.962 HP (converted from kW) is 5.
    expect(bar).toHaveTextContent('38–64 mm');
    expect(screen.getByRole('group', { name: /Motor power/ })).toHaveTextContent('3–5 HP');
    expect(screen.getByLabelText('Motor power to HP')).toHaveAttribute('placeholder', '5');

    await user.selectOptions(type, 'capstan-lathe');
    expect(router.state.location.search).toBe('?category=capstan-lathe');
    await waitFor(() => expect(cardNames()).toEqual(['Capstan Lathe NP-38', 'Capstan Lathe NP-50']));
    expect(requests).toContain('/api/products?category=capstan-lathe&limit=24');
    expect(requests).toContain('/api/catalogue/facets?kind=machine&category=capstan-lathe');
    await waitFor(() => expect(screen.getByRole('group', { name: /Bar capacity/ })).toHaveTextContent('38–50 mm'));

    await user.type(screen.getByLabelText('Bar capacity from mm'), '40{Enter}');
    expect(new URLSearchParams(router.state.location.search).getAll('f')).toEqual(['bar-capacity:40-']);
    await waitFor(() =>
      expect(requests).toContain('/api/products?category=capstan-lathe&limit=24&f=bar-capacity%3A40-'),
    );
    expect(requests).toContain('/api/catalogue/facets?kind=machine&category=capstan-lathe&f=bar-capacity%3A40-');
    expect(screen.getByRole('button', { expanded: true }).textContent).toBe('Filters2 active');

    // An upper bound as well, typed the wrong way round: applied as a range from low to high.
    await user.type(screen.getByLabelText('Bar capacity to mm'), '30');
    await user.click(
      within(screen.getByRole('group', { name: /Bar capacity/ })).getByRole('button', { name: 'Apply' }),
    );
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).getAll('f')).toEqual(['bar-capacity:30-40']),
    );

    await user.click(screen.getByRole('button', { name: 'Reset filters (2)' }));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(cardNames()).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Reset filters' })).toBeDisabled();
  });

  it('"Show N items" closes the panel over the results it counts and gives the focus back to Filters', async () => {
    useFilterApi();
    const user = userEvent.setup({ delay: null });
    renderApp('/products');
    await waitFor(() => expect(cardNames()).toHaveLength(3));
    const filters = screen.getByRole('button', { name: 'Filters' });
    await user.click(filters);
    await user.click(await screen.findByRole('button', { name: 'Show 3 items' }));
    expect(screen.queryByLabelText('Machine type')).not.toBeInTheDocument();
    expect(filters).toHaveAttribute('aria-expanded', 'false');
    expect(filters).toHaveFocus();
    expect(cardNames()).toHaveLength(3);
  });

  it('opens with the filters of the URL applied and shown, and a tab link leaves them behind', async () => {
    const requests = useFilterApi();
    renderApp('/products?category=cnc-lathe&f=bar-capacity:60-70');
    expect(await screen.findByLabelText('Machine type')).toHaveValue('cnc-lathe');
    expect(requests).toContain('/api/products?category=cnc-lathe&limit=24&f=bar-capacity%3A60-70');
    expect(await screen.findByLabelText('Bar capacity from mm')).toHaveValue('60');
    expect(screen.getByLabelText('Bar capacity to mm')).toHaveValue('70');
    const sidebar = screen.getByRole('navigation', { name: 'Catalogue categories' });
    expect(within(sidebar).getByRole('link', { name: /^Spare Parts/ })).toHaveAttribute('href', '/products?tab=spares');
  });
});

describe('range bounds as people quote them', () => {
  it('rounds outwards to whole numbers from 10, halves below, two digits under 1', () => {
    expect(formatBound(29.503, 'max', 'HP')).toBe('30');
    expect(formatBound(29.503, 'min', 'HP')).toBe('29');
    expect(formatBound(7.376, 'max', 'HP')).toBe('7.5');
    expect(formatBound(7.376, 'min', 'HP')).toBe('7');
    expect(formatBound(2.3, 'min', 'kW')).toBe('2');
    expect(formatBound(1249.6, 'max', 'rpm')).toBe('1,250');
    expect(formatBound(1.5, 'max', 'steps')).toBe('2');
    expect(formatBound(0.00523, 'max', 'mm')).toBe('0.0053');
    expect(formatBound(0.00523, 'min', 'mm')).toBe('0.0052');
    expect(formatBound(125000, 'min', 'kg')).toBe('1,25,000');
    expect(formatBound(0, 'max', 'mm')).toBe('0');
  });
});

describe('the filter panel without the app', () => {
  it('is a GET form of the list whose fields name what the server folds into the URL', async () => {
    useFilterApi();
    const user = userEvent.setup({ delay: null });
    renderApp('/products?q=lathe&view=list');
    await waitFor(() => expect(cardNames().length).toBeGreaterThan(0));
    const toggle = screen.getByRole('button', { name: 'Filters' });
    // Followed without the app, the button asks the server for the panel open.
    expect(toggle).toHaveAttribute('href', '/products?q=lathe&view=list&filters=open');
    await user.click(toggle);
    const form = await screen.findByRole('form', { name: 'Filters' });
    await screen.findByLabelText('Machine type');
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/products');
    const names = [...new FormData(form as HTMLFormElement).keys()];
    expect(names).toEqual(
      expect.arrayContaining(['q', 'view', 'filters', 'sort', 'category', 'min.bar-capacity', 'max.motor-power']),
    );
    expect(toggle).toHaveAttribute('href', '/products?q=lathe&view=list');
  });
});
