import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { COMPARE_STORAGE_KEY, TOTAL_COUNT_HEADER, type Machine } from '@capstan/shared';
import { buildMachine } from '@/testing/fixtures';
import { server } from '@/testing/mocks/server';
import { buildSiteSettings, siteSettingsHandler } from '@/testing/site-settings';
import { renderApp } from '@/testing/test-utils';
import { COMPARE_FULL_MESSAGE } from '@/lib/compare-list';

const np38 = buildMachine({
  name: 'Capstan Lathe NP-38',
  code: 'NP-38',
  category: 'capstan-lathe',
  price: 650_000,
  specificationList: [
    { key: 'Bar capacity', value: '', number: 38, unit: 'mm' },
    { key: 'Motor power', value: '', number: 5, unit: 'HP' },
    { key: 'Drive', value: 'All geared' },
  ],
});
const ktc = buildMachine({
  name: 'Kovai Turning Centre',
  code: 'KTC-65',
  category: 'cnc-lathe',
  price: null,
  specificationList: [
    { key: 'Bar capacity', value: '', number: 2.5, unit: 'inch' },
    { key: 'Motor power', value: '', number: 3.7285, unit: 'kW' },
    { key: 'Drive', value: 'All geared' },
  ],
});
const others = Array.from({ length: 3 }, (_, n) => buildMachine({ name: `Lathe ${n + 1}` }));

function useMachinesApi(machines: Machine[]) {
  server.use(
    http.get('/api/machine-categories', () =>
      HttpResponse.json([
        { slug: 'capstan-lathe', name: 'Capstan lathe', machineCount: 1 },
        { slug: 'cnc-lathe', name: 'CNC lathe / turning centre', machineCount: 1 },
      ]),
    ),
    http.get('/api/products/:id', ({ params }) => {
      const found = machines.find((machine) => machine.id === params.id);
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'Machine not found' }, { status: 404 });
    }),
  );
}

/** A row's label is there twice: beside its values (wide screens) and as a line above them (phones). */
const rowHeaders = (label: RegExp) => screen.queryAllByRole('rowheader', { name: label });
const rowOf = (label: string) =>
  rowHeaders(new RegExp(`^${label}`))
    .find((cell) => cell.getAttribute('scope') === 'row')!
    .closest('tr')!;
const cellsOf = (label: string) =>
  within(rowOf(label))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('compare page', () => {
  it('shows the machines of the link side by side, one unit per row, differences marked', async () => {
    useMachinesApi([np38, ktc]);
    const missing = '00000000-0000-4000-8000-999999999999';
    renderApp(`/compare?ids=${np38.id},${ktc.id},${missing}`);

    expect(await screen.findByRole('columnheader', { name: /Capstan Lathe NP-38/ })).toHaveTextContent('NP-38');
    expect(screen.getByRole('columnheader', { name: /Kovai Turning Centre/ })).toHaveTextContent('KTC-65');
    expect(screen.getByText('One machine of this link is no longer in the catalogue.')).toBeInTheDocument();

    expect(cellsOf('Price')).toEqual(['₹6,50,000', 'Price on request']);
    await waitFor(() => expect(cellsOf('Category')).toEqual(['Capstan lathe', 'CNC lathe / turning centre']));
    // 2.5 inch shown in mm, with what was entered.
    expect(cellsOf('Bar capacity')).toEqual(['38 mm', '63.5 mmentered as 2.5 inch']);
    expect(rowOf('Bar capacity')).toHaveTextContent('differs');
    // 3.7285 kW is 5 HP: the same, so not marked.
    expect(cellsOf('Motor power')).toEqual(['5 HP', '5 HPentered as 3.729 kW']);
    expect(rowOf('Motor power')).not.toHaveTextContent('differs');
    expect(rowOf('Drive')).not.toHaveTextContent('differs');

    // Each machine's quote preselects its own category.
    expect(screen.getByRole('link', { name: 'Request Quote: Capstan Lathe NP-38' })).toHaveAttribute(
      'href',
      '/?service=capstan-lathe&product=Capstan%20Lathe%20NP-38#contact',
    );
    expect(screen.getByRole('link', { name: 'Request Quote: Kovai Turning Centre' })).toHaveAttribute(
      'href',
      '/?service=cnc-lathe&product=Kovai%20Turning%20Centre#contact',
    );
    await waitFor(() => expect(document.title).toMatch(/^Compare Capstan Lathe NP-38 vs Kovai Turning Centre/));
  });

  it('shows only the differences on request, and a removed machine leaves the link and the choice', async () => {
    useMachinesApi([np38, ktc]);
    localStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify([np38.id, ktc.id]));
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp(`/compare?ids=${np38.id},${ktc.id}`);
    await screen.findByRole('columnheader', { name: /Kovai Turning Centre/ });

    await user.click(screen.getByRole('checkbox', { name: 'Show only differences' }));
    expect(rowHeaders(/^Drive/)).toHaveLength(0);
    expect(rowHeaders(/^Bar capacity/).map((cell) => cell.getAttribute('scope'))).toEqual(['rowgroup', 'row']);

    await user.click(screen.getByRole('button', { name: 'Remove Kovai Turning Centre from the comparison' }));
    expect(router.state.location.search).toBe(`?ids=${np38.id}`);
    expect(JSON.parse(localStorage.getItem(COMPARE_STORAGE_KEY) ?? '[]')).toEqual([np38.id]);
    await waitFor(() =>
      expect(screen.queryByRole('columnheader', { name: /Kovai Turning Centre/ })).not.toBeInTheDocument(),
    );
  });

  it('says how to start when there is nothing to compare', async () => {
    useMachinesApi([]);
    renderApp('/compare');
    expect(await screen.findByText(/No machines to compare yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse machines' })).toHaveAttribute('href', '/products');
  });
});

describe('Compare toggle and bar', () => {
  it('adds machines from their cards up to four, refuses a fifth with a message, and links to the comparison', async () => {
    const machines = [np38, ktc, ...others];
    server.use(
      http.get('/api/catalogue/summary', () =>
        HttpResponse.json({
          products: { total: 5, featured: 0 },
          machines: { total: 5, featured: 0 },
          spareParts: { total: 0, featured: 0 },
          services: { total: 0, featured: 0 },
        }),
      ),
      http.get('/api/products', () =>
        HttpResponse.json(machines, { headers: { [TOTAL_COUNT_HEADER]: String(machines.length) } }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderApp('/products');
    await screen.findByRole('button', { name: 'Compare Capstan Lathe NP-38' });
    expect(screen.queryByRole('region', { name: 'Comparison' })).not.toBeInTheDocument();

    for (const machine of machines.slice(0, 4)) {
      await user.click(screen.getByRole('button', { name: `Compare ${machine.name}` }));
    }
    expect(screen.getByRole('button', { name: 'Compare Capstan Lathe NP-38' })).toHaveAttribute('aria-pressed', 'true');
    const bar = screen.getByRole('region', { name: 'Comparison' });
    expect(within(bar).getByRole('link', { name: 'Compare 4 of 4' })).toHaveAttribute(
      'href',
      `/compare?ids=${machines
        .slice(0, 4)
        .map((m) => m.id)
        .join(',')}`,
    );

    await user.click(screen.getByRole('button', { name: `Compare ${machines[4]!.name}` }));
    expect(await screen.findByText(COMPARE_FULL_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Compare ${machines[4]!.name}` })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    // Taking one out makes room; the bar follows.
    await user.click(screen.getByRole('button', { name: 'Compare Kovai Turning Centre' }));
    expect(within(bar).getByRole('link', { name: 'Compare 3 of 4' })).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Clear the comparison' }));
    expect(screen.queryByRole('region', { name: 'Comparison' })).not.toBeInTheDocument();
    expect(localStorage.getItem(COMPARE_STORAGE_KEY)).toBe('[]');
  });

  it('names a machine without a brand with the company’s current name (its own make), another by its maker', async () => {
    const fanuc = buildMachine({ name: 'Turret Lathe T-20', brand: 'Fanuc' });
    useMachinesApi([np38, fanuc]);
    server.use(siteSettingsHandler(buildSiteSettings((site) => (site.company.name = 'Sri Murugan Lathes'))));
    renderApp(`/compare?ids=${np38.id},${fanuc.id}`);
    await screen.findByRole('columnheader', { name: /Turret Lathe T-20/ });
    await waitFor(() => expect(cellsOf('Brand')).toEqual(['Sri Murugan Lathes', 'Fanuc']));
  });
});
