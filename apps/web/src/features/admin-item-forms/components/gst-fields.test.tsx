import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GST_RATES, HSN_CODE_MESSAGE } from '@capstan/shared';
import { buildMachine, buildService, buildSparePart } from '@/testing/fixtures';
import { server } from '@/testing/mocks/server';
import { renderForm, setUpFormTests, spyToasts, stubObjectUrls } from './test-harness';

// Every item's HSN/SAC code and GST rate (decision 075): an empty code is its kind's default, shown
// as the placeholder; the rate is one of GST_RATES.

setUpFormTests();

beforeEach(() => {
  localStorage.setItem('adminToken', 'token-1');
  stubObjectUrls();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const hsn = () => screen.getByLabelText('HSN/SAC code');
const rate = () => screen.getByLabelText('GST rate');

function captureForm(method: 'post' | 'put', url: string, reply: () => Response) {
  const bodies: FormData[] = [];
  server.use(
    http[method](url, async ({ request }) => {
      bodies.push(await request.formData());
      return reply();
    }),
  );
  return bodies;
}

async function fillMachine(user: ReturnType<typeof renderForm>['user']) {
  await user.type(screen.getByLabelText('Name'), 'CL-40');
  await user.type(screen.getByLabelText('Description'), 'A capstan lathe.');
  await user.type(screen.getByRole('textbox', { name: 'Specification 1 name' }), 'Bore');
  await user.type(screen.getByRole('textbox', { name: 'Specification 1 value' }), '40 mm');
  await user.type(screen.getByRole('textbox', { name: 'Specification 2 name' }), 'Motor');
  await user.type(screen.getByRole('textbox', { name: 'Specification 2 value' }), '5 HP');
}

describe('HSN/SAC code and GST rate on the item forms', () => {
  it('a new machine shows the lathe default as the empty code’s placeholder, every rate, and sends what is chosen', async () => {
    const shown = spyToasts();
    const bodies = captureForm('post', '/api/products', () => HttpResponse.json(buildMachine(), { status: 201 }));
    const { user } = renderForm('/admin/products/add');
    await fillMachine(user);

    expect(hsn()).toHaveValue('');
    expect(hsn()).toHaveAttribute('placeholder', '8458');
    expect(
      screen.getByText('4, 6 or 8 digits; a service’s SAC starts with 99. Left empty: 8458, the default.'),
    ).toBeVisible();
    expect(rate()).toHaveValue('18');
    expect(
      within(rate())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(GST_RATES.map((r) => `${r}%`));

    await user.type(hsn(), '8458.11');
    await user.selectOptions(rate(), '28');
    await user.click(screen.getByRole('button', { name: 'Add Machine' }));

    await waitFor(() => expect(shown).toHaveBeenCalledWith('Machine added successfully!'));
    expect(bodies[0]?.get('hsnCode')).toBe('8458.11');
    expect(bodies[0]?.get('gstRate')).toBe('28');
  });

  it('refuses a code of the wrong length before sending anything', async () => {
    const shown = spyToasts();
    const bodies = captureForm('post', '/api/products', () => HttpResponse.json(buildMachine(), { status: 201 }));
    const { user } = renderForm('/admin/products/add');
    await fillMachine(user);
    await user.type(hsn(), '84');
    await user.click(screen.getByRole('button', { name: 'Add Machine' }));

    expect(shown).toHaveBeenCalledWith(HSN_CODE_MESSAGE);
    expect(bodies).toHaveLength(0);
  });

  it('an edit shows the stored code and rate and sends them back with a changed rate; emptied, the code goes empty', async () => {
    const shown = spyToasts();
    const part = buildSparePart({
      id: 'p-3',
      hsnCode: '84669390',
      gstRate: 18,
      specificationList: [
        { key: 'Bore', value: '20 mm' },
        { key: 'Material', value: 'EN-31' },
      ],
    });
    server.use(http.get('/api/spareparts/p-3', () => HttpResponse.json(part)));
    const bodies = captureForm('put', '/api/spareparts/p-3/full', () => HttpResponse.json(part));
    const { user } = renderForm('/admin/spareparts/edit/p-3');

    await waitFor(() => expect(hsn()).toHaveValue('84669390'));
    expect(hsn()).toHaveAttribute('placeholder', '8466');
    expect(rate()).toHaveValue('18');
    await user.selectOptions(rate(), '12');
    await user.clear(hsn());
    await user.click(screen.getByRole('button', { name: 'Update Spare Part' }));

    await waitFor(() => expect(shown).toHaveBeenCalledWith('Spare Part updated successfully!'));
    expect(bodies[0]?.get('gstRate')).toBe('12');
    // Emptied: the server puts the spare parts' default back.
    expect(bodies[0]?.get('hsnCode')).toBe('');
  });

  it('keeps a stored rate the list no longer has as an option, rather than changing it on a save', async () => {
    const machine = buildMachine({ id: 'm-9', gstRate: 7.5 });
    server.use(http.get('/api/products/m-9', () => HttpResponse.json(machine)));
    renderForm('/admin/products/edit/m-9');
    await waitFor(() => expect(rate()).toHaveValue('7.5'));
    expect(within(rate()).getAllByRole('option')).toHaveLength(GST_RATES.length + 1);
  });

  it('a service form shows its SAC and sends it in the JSON body', async () => {
    const service = buildService({ id: 's-1', hsnCode: '998717', gstRate: 18 });
    server.use(http.get('/api/services/s-1', () => HttpResponse.json(service)));
    const sent: unknown[] = [];
    server.use(
      http.put('/api/services/s-1/full', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(service);
      }),
    );
    const { user } = renderForm('/admin/services/edit/s-1');

    await waitFor(() => expect(hsn()).toHaveValue('998717'));
    expect(hsn()).toHaveAttribute('placeholder', '9987');
    await user.click(screen.getByRole('button', { name: 'Update Service' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ hsnCode: '998717', gstRate: '18' });
  });
});
