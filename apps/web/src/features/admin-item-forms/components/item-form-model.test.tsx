import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Machine, SparePart } from '@capstan/shared';
import { buildMachine, buildSparePart } from '@/testing/fixtures';
import { server } from '@/testing/mocks/server';
import {
  PICKER_MACHINES,
  renderForm,
  SEEDED_CATEGORIES,
  setUpFormTests,
  spyToasts,
  stubObjectUrls,
} from './test-harness';

setUpFormTests();

// The catalogue model in the forms (decision 031): codes, typed specifications, machine categories and fits in the machine and part forms.

beforeEach(() => {
  localStorage.setItem('adminToken', 'token-1');
  stubObjectUrls();
});
afterEach(() => vi.restoreAllMocks());

const field = (name: string) => screen.getByRole('textbox', { name });

function captureSave(method: 'post' | 'put', url: string, reply: Machine | SparePart) {
  const bodies: FormData[] = [];
  server.use(
    http[method](url, async ({ request }) => {
      bodies.push(await request.formData());
      return HttpResponse.json(reply, { status: method === 'post' ? 201 : 200 });
    }),
  );
  return bodies;
}

describe('spare part form: code, typed specifications and fits', () => {
  it('sends the code, number and unit rows and the machines chosen, and shows what the page will print', async () => {
    spyToasts();
    const bodies = captureSave('post', '/api/spareparts', buildSparePart({ id: 'p-1' }));
    const { user } = renderForm('/admin/spareparts/add');
    await user.type(screen.getByLabelText('Name'), 'Spring Collet 25 mm');
    await user.type(screen.getByLabelText('Description'), 'Hardened collet.');
    await user.type(screen.getByRole('textbox', { name: 'Code (optional)' }), ' NP38-COL-25 ');

    await user.type(field('Specification 1 name'), 'Bore');
    await user.type(field('Specification 1 number'), '25');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Specification 1 unit' }), 'mm');
    await user.type(field('Specification 1 value'), 'max');
    expect(screen.getByText('25 mm (max)')).toBeInTheDocument();

    await user.type(field('Specification 2 name'), 'Weight');
    await user.type(field('Specification 2 number'), '1250.5');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Specification 2 unit' }), 'kg');
    // Indian grouping, as the public page prints it.
    expect(screen.getByText('1,250.5 kg')).toBeInTheDocument();

    await user.type(field('Specification 3 name'), 'Steel');
    await user.type(field('Specification 3 value'), 'EN-31');

    // Fits: find by code, add, and remove one again.
    const found = screen.getByRole('list', { name: 'Machines found' });
    await user.type(screen.getByRole('searchbox', { name: 'Find a machine' }), 'NP');
    await waitFor(() => expect(within(found).queryByText('TC-20 Turning Centre (TC-20)')).not.toBeInTheDocument());
    await user.click(within(found).getByRole('button', { name: 'Add NP-38 Capstan Lathe (NP-38)' }));
    await user.click(within(found).getByRole('button', { name: 'Add NP-50 Capstan Lathe (NP-50)' }));
    const chosen = screen.getByRole('list', { name: 'Machines this part fits' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['NP-38 Capstan Lathe (NP-38)', 'NP-50 Capstan Lathe (NP-50)']);
    await user.click(within(chosen).getByRole('button', { name: 'Remove NP-50 Capstan Lathe (NP-50)' }));

    await user.click(screen.getByRole('button', { name: 'Add Spare Part' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    const body = bodies[0]!;
    expect(body.get('code')).toBe('NP38-COL-25');
    expect(JSON.parse(String(body.get('specifications')))).toEqual([
      { key: 'Bore', value: 'max', number: 25, unit: 'mm' },
      { key: 'Weight', value: '', number: 1250.5, unit: 'kg' },
      { key: 'Steel', value: 'EN-31' },
    ]);
    expect(JSON.parse(String(body.get('fits')))).toEqual([PICKER_MACHINES[0]!.id]);
  });

  it('edits a part keeping its code, typed rows and fits, and clears the code when emptied', async () => {
    spyToasts();
    const part = buildSparePart({
      id: 'part-9',
      name: 'Collet',
      code: 'NP38-COL-20',
      fits: [PICKER_MACHINES[1]!.id],
      specificationList: [
        { key: 'Bore', value: '', number: 20, unit: 'mm' },
        { key: 'Steel', value: 'EN31' },
      ],
    });
    server.use(http.get('/api/spareparts/part-9', () => HttpResponse.json(part)));
    const bodies = captureSave('put', '/api/spareparts/part-9/full', part);
    const { user } = renderForm('/admin/spareparts/edit/part-9');
    const code = await screen.findByRole('textbox', { name: 'Code (optional)' });
    expect(code).toHaveValue('NP38-COL-20');
    expect(field('Specification 1 number')).toHaveValue('20');
    expect(screen.getByRole('combobox', { name: 'Specification 1 unit' })).toHaveValue('mm');
    expect(screen.getByText('20 mm')).toBeInTheDocument();
    // The stored fit is named from the machine's own record.
    const chosen = screen.getByRole('list', { name: 'Machines this part fits' });
    expect(await within(chosen).findByText('NP-50 Capstan Lathe (NP-50)')).toBeInTheDocument();

    await user.clear(code);
    await user.click(screen.getByRole('button', { name: 'Update Spare Part' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.get('code')).toBe('');
    expect(JSON.parse(String(bodies[0]!.get('fits')))).toEqual([PICKER_MACHINES[1]!.id]);
    expect(JSON.parse(String(bodies[0]!.get('specifications')))).toEqual([
      { key: 'Bore', value: '', number: 20, unit: 'mm' },
      { key: 'Steel', value: 'EN31' },
    ]);
  });
});

describe('machine form: category', () => {
  it('offers the categories staff keep and adds a new one without leaving the form', async () => {
    const shown = spyToasts();
    const machine = buildMachine({
      id: 'm-3',
      name: 'NP-38',
      category: 'capstan-lathe',
      code: 'NP-38',
      specificationList: [
        { key: 'Bar capacity', value: '', number: 38, unit: 'mm' },
        { key: 'Motor power', value: '', number: 5.5, unit: 'kW' },
      ],
    });
    server.use(http.get('/api/products/m-3', () => HttpResponse.json(machine)));
    let categories = [...SEEDED_CATEGORIES];
    const created: unknown[] = [];
    server.use(
      http.get('/api/machine-categories', () => HttpResponse.json(categories)),
      http.post('/api/machine-categories', async ({ request }) => {
        const body = (await request.json()) as { name: string };
        created.push(body);
        const category = { slug: 'bar-feeder', name: body.name, machineCount: 0 };
        categories = [...categories, category];
        return HttpResponse.json(category, { status: 201 });
      }),
    );
    const bodies = captureSave('put', '/api/products/m-3', machine);
    const { user } = renderForm('/admin/products/edit/m-3');
    const select = await screen.findByRole('combobox', { name: 'Category' });
    await waitFor(() => expect(select).toHaveValue('capstan-lathe'));
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Uncategorised', 'Capstan lathe', 'CNC lathe / turning centre', 'Turret lathe']);

    await user.click(screen.getByRole('button', { name: 'New category' }));
    await user.type(screen.getByRole('textbox', { name: 'New category name' }), 'Bar feeder{Enter}');
    await waitFor(() => expect(select).toHaveValue('bar-feeder'));
    expect(created).toEqual([{ name: 'Bar feeder' }]);
    expect(shown).toHaveBeenCalledWith('Category Bar feeder added.');
    // Enter added the category; it did not submit the machine.
    expect(bodies).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Update Machine' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.get('category')).toBe('bar-feeder');
    expect(bodies[0]!.get('code')).toBe('NP-38');
  });
});
