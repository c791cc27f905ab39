import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { indianToday, type InstallationDetail, TOTAL_COUNT_HEADER, warrantyEndsOn } from '@capstan/shared';
import { meHandler } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { buildContract, buildInstallation, ENGINEER_ID, PART_ID } from '../testing/installation-fixtures';
import { InstallationScreen } from './installation-screen';
import { findModalDialog } from '@/testing/find-dialog';

/**
 * `GET /api/installations/inst1` answering `current()` (a write replaces it), the engineers, and the
 * catalogue's spare-part search; every write's method, path and body is recorded.
 */
function detailApi({ engineers = true }: { engineers?: boolean } = {}) {
  let current: InstallationDetail = buildInstallation();
  const writes: { call: string; body: unknown }[] = [];
  const record = async (call: string, request: Request) => {
    const text = await request.text();
    writes.push({ call, body: text === '' ? null : (JSON.parse(text) as unknown) });
  };
  server.use(
    http.get('/api/installations/inst1', () => HttpResponse.json(current)),
    http.get('/api/service-requests/engineers', () =>
      engineers
        ? HttpResponse.json({
            engineers: [
              { id: ENGINEER_ID, name: 'Senthil Kumar' },
              { id: 'e2', name: 'Priya' },
            ],
          })
        : HttpResponse.json({ message: 'Your role does not allow this' }, { status: 403 }),
    ),
    http.get('/api/spareparts', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      const parts = [{ id: PART_ID, name: 'Spring Collet 25 mm', code: 'SC-25', price: 450 }].filter((part) =>
        part.name.toLowerCase().includes(q.toLowerCase()),
      );
      return HttpResponse.json(parts, { headers: { [TOTAL_COUNT_HEADER]: String(parts.length) } });
    }),
    http.post('/api/amc-contracts/c1/visits', async ({ request }) => {
      await record('POST /api/amc-contracts/c1/visits', request);
      const contract = buildContract();
      current = { ...current, amcContracts: [{ ...contract, visitsDone: 2 }] };
      return HttpResponse.json({ ...contract.visits[0], id: 'v2' }, { status: 201 });
    }),
    http.post('/api/installations/inst1/amc', async ({ request }) => {
      await record('POST /api/installations/inst1/amc', request);
      return HttpResponse.json(buildContract({ id: 'c2' }), { status: 201 });
    }),
    http.delete('/api/amc-visits/v1', async ({ request }) => {
      await record('DELETE /api/amc-visits/v1', request);
      current = { ...current, amcContracts: [{ ...buildContract(), visits: [], visitsDone: 0 }] };
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return writes;
}

function renderMachine() {
  return renderWithProviders(<InstallationScreen installationId="inst1" />, { url: '/admin/installations/inst1' });
}

describe("a machine's page", () => {
  it('shows the machine, its customer, warranty, AMC contracts with their visits, and its service requests', async () => {
    server.use(meHandler('sales'));
    detailApi();
    renderMachine();

    expect(await screen.findByRole('heading', { level: 1, name: 'KPM-NP38/2201' })).toBeVisible();
    expect(screen.getByText('NP-38 Capstan Lathe')).toBeVisible();
    expect(screen.getByText('Until 9 Apr 2028 (24 months)')).toBeInTheDocument();
    expect(screen.getByText('KPM/INV/2026/118 · 28 Mar 2026')).toBeInTheDocument();
    expect(screen.getByText('Sri Murugan Engineering')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+91 98430 12345' })).toHaveAttribute('href', 'tel:+919843012345');
    expect(screen.getByText('Tamil Nadu')).toBeInTheDocument();
    expect(screen.getByText('தமிழ்')).toHaveAttribute('lang', 'ta');

    const contract = screen.getByRole('article', { name: 'AMC contract 10 Apr 2026 to 9 Apr 2027' });
    expect(within(contract).getByText('Active')).toBeInTheDocument();
    expect(within(contract).getByText('Visits included').nextSibling).toHaveTextContent('4');
    expect(within(contract).getByText('Visits done').nextSibling).toHaveTextContent('1');
    expect(within(contract).getByTestId('visits-left')).toHaveTextContent('3');
    expect(within(contract).getByText('₹1,20,000.00')).toBeInTheDocument();
    const visit = within(contract).getByTestId('amc-visit');
    expect(visit).toHaveTextContent('15 Jul 2026: Senthil Kumar');
    expect(visit).toHaveTextContent('Spindle bearings greased; gibs adjusted.');
    expect(visit).toHaveTextContent('Spring Collet 25 mm (SC-25) × 2');

    const request = screen.getByTestId('service-request');
    expect(within(request).getByRole('link', { name: 'SR-2026-00017' })).toHaveAttribute(
      'href',
      '/admin/service-requests/sr1',
    );
    expect(request).toHaveTextContent('Visit scheduled');
    expect(request).toHaveTextContent('Chuck does not grip');

    // Sales read; they change nothing.
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record a visit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add AMC contract' })).not.toBeInTheDocument();
  });

  it('records a visit with its engineer and the parts used, from the catalogue and typed', async () => {
    server.use(meHandler('service'));
    const writes = detailApi();
    const u = userEvent.setup({ delay: null });
    renderMachine();
    const contract = await screen.findByRole('article', { name: 'AMC contract 10 Apr 2026 to 9 Apr 2027' });
    // What the role may do is known once the account is read.
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/admin/installations/inst1/edit',
    );

    await u.click(within(contract).getByRole('button', { name: 'Record a visit' }));
    const form = await screen.findByRole('form', { name: 'Record a visit' });
    await within(form).findByRole('option', { name: 'Senthil Kumar' });

    // Without an engineer, the form says so under the engineer's select and sends nothing.
    await u.click(within(form).getByRole('button', { name: 'Record a visit' }));
    expect(await within(form).findByText('Engineer is required')).toBeVisible();
    expect(within(form).getByLabelText('Engineer')).toHaveAccessibleDescription('Engineer is required');

    await u.clear(within(form).getByLabelText('Visit date'));
    await u.type(within(form).getByLabelText('Visit date'), '2026-10-20');
    await u.selectOptions(within(form).getByLabelText('Engineer'), ENGINEER_ID);
    await u.type(within(form).getByLabelText('What was done'), 'Quarterly service; tailstock aligned.');
    await u.type(within(form).getByLabelText('Add a spare part from the catalogue'), 'collet');
    await u.click(await within(form).findByRole('button', { name: 'Add Spring Collet 25 mm (SC-25)' }));
    expect(within(form).getByLabelText('Part 1')).toHaveValue('Spring Collet 25 mm (SC-25)');
    await u.clear(within(form).getByLabelText('Quantity of part 1'));
    await u.type(within(form).getByLabelText('Quantity of part 1'), '2');
    await u.click(within(form).getByRole('button', { name: 'Add a part not in the catalogue' }));
    await u.type(within(form).getByLabelText('Part 2'), 'Coolant oil, litres');
    await u.clear(within(form).getByLabelText('Quantity of part 2'));
    await u.type(within(form).getByLabelText('Quantity of part 2'), '0');
    await u.click(within(form).getByRole('button', { name: 'Record a visit' }));
    expect(await within(form).findByText('Quantity must be a number more than 0')).toBeVisible();
    expect(writes).toEqual([]);

    await u.clear(within(form).getByLabelText('Quantity of part 2'));
    await u.type(within(form).getByLabelText('Quantity of part 2'), '5.5');
    await u.click(within(form).getByRole('button', { name: 'Record a visit' }));

    await waitFor(() => expect(screen.queryByRole('form', { name: 'Record a visit' })).not.toBeInTheDocument());
    expect(writes).toEqual([
      {
        call: 'POST /api/amc-contracts/c1/visits',
        body: {
          visitedOn: '2026-10-20',
          engineerId: ENGINEER_ID,
          engineerName: null,
          notes: 'Quarterly service; tailstock aligned.',
          partsUsed: [
            { itemId: PART_ID, description: 'Spring Collet 25 mm (SC-25)', quantity: 2 },
            { itemId: null, description: 'Coolant oil, litres', quantity: 5.5 },
          ],
        },
      },
    ]);
    // The machine is read again: the contract counts the visit.
    await waitFor(() => expect(screen.getByTestId('visits-left')).toHaveTextContent('2'));
  });

  it("takes a typed engineer's name when the list of engineers cannot be read", async () => {
    server.use(meHandler('service'));
    const writes = detailApi({ engineers: false });
    const u = userEvent.setup({ delay: null });
    renderMachine();
    const contract = await screen.findByRole('article', { name: 'AMC contract 10 Apr 2026 to 9 Apr 2027' });
    await u.click(await within(contract).findByRole('button', { name: 'Record a visit' }));
    const form = await screen.findByRole('form', { name: 'Record a visit' });
    const name = await within(form).findByLabelText('Engineer');
    expect(name.tagName).toBe('INPUT');
    await u.click(within(form).getByRole('button', { name: 'Record a visit' }));
    expect(await within(form).findByText('Engineer is required')).toBeVisible();
    await u.type(name, 'Ravi (dealer, Madurai)');
    await u.click(within(form).getByRole('button', { name: 'Record a visit' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toMatchObject({ engineerId: null, engineerName: 'Ravi (dealer, Madurai)', partsUsed: [] });
  });

  it('adds a contract: its dates, visits and value checked by the shared schema', async () => {
    server.use(meHandler('owner'));
    const writes = detailApi();
    const u = userEvent.setup({ delay: null });
    renderMachine();
    await u.click(await screen.findByRole('button', { name: 'Add AMC contract' }));
    const form = await screen.findByRole('form', { name: 'New AMC contract' });
    // Cover would otherwise end when the warranty does (9 Apr 2028): the new contract starts the day
    // after (or today, once that day has passed), for a year.
    const start = [indianToday(), '2028-04-10'].sort().at(-1) ?? '';
    expect(within(form).getByLabelText('Start date')).toHaveValue(start);
    expect(within(form).getByLabelText('End date')).toHaveValue(warrantyEndsOn(start, 12));

    await u.click(within(form).getByRole('button', { name: 'Add AMC contract' }));
    expect(await within(form).findByText('Visits included must be a whole number from 0 to 52')).toBeVisible();
    await u.type(within(form).getByLabelText('Visits included'), '4');
    await u.clear(within(form).getByLabelText('End date'));
    await u.type(within(form).getByLabelText('End date'), start);
    await u.click(within(form).getByRole('button', { name: 'Add AMC contract' }));
    expect(await within(form).findByText('The contract must end after it starts')).toBeVisible();

    await u.clear(within(form).getByLabelText('End date'));
    await u.type(within(form).getByLabelText('End date'), warrantyEndsOn(start, 12));
    await u.type(within(form).getByLabelText('Value (₹)'), '135000');
    await u.click(within(form).getByRole('button', { name: 'Add AMC contract' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      call: 'POST /api/installations/inst1/amc',
      body: { startsOn: start, endsOn: warrantyEndsOn(start, 12), visitsIncluded: 4, value: 135000, notes: null },
    });
  });

  it('deletes a visit recorded by mistake once asked', async () => {
    server.use(meHandler('service'));
    const writes = detailApi();
    const u = userEvent.setup({ delay: null });
    renderMachine();
    await u.click(await screen.findByRole('button', { name: 'Delete the visit of 15 Jul 2026' }));
    const dialog = await findModalDialog('Delete this visit?');
    expect(dialog).toHaveTextContent('The visit of 15 Jul 2026 by Senthil Kumar');
    await u.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByText('No visits recorded yet.')).toBeVisible());
    expect(writes).toEqual([{ call: 'DELETE /api/amc-visits/v1', body: null }]);
  });
});
