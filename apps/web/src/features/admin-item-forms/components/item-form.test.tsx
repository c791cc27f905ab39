import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TERMS_MESSAGES } from '@capstan/shared';
import { buildMachine, buildSparePart } from '@/testing/fixtures';
import { gate } from '@/testing/gate';
import { server } from '@/testing/mocks/server';
import { imageFiles, renderForm, setUpFormTests, spyToasts, stubObjectUrls } from './test-harness';

setUpFormTests();

const SPEC_ALERT = 'Please provide at least 2 complete specifications (key and value).';

beforeEach(() => {
  localStorage.setItem('adminToken', 'token-1');
  stubObjectUrls();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const specKey = (n: number) => screen.getByRole('textbox', { name: `Specification ${n} name` });
const specValue = (n: number) => screen.getByRole('textbox', { name: `Specification ${n} value` });
const imageInput = () => screen.getByLabelText('Images');

/**
 * Fills the fields every save needs, each as one paste: typed key by key, they re-rendered the whole
 * form some forty times per test (a sixth of this file's time). Typing is what the tests of a
 * field's own behaviour do.
 */
async function fillRequired(user: ReturnType<typeof renderForm>['user'], name = 'CL-40') {
  const fill = async (field: HTMLElement, text: string) => {
    await user.click(field);
    await user.paste(text);
  };
  await fill(screen.getByLabelText('Name'), name);
  await fill(screen.getByLabelText('Description'), 'A capstan lathe.');
  await fill(specKey(1), 'Bore');
  await fill(specValue(1), '40 mm');
  await fill(specKey(2), 'Motor');
  await fill(specValue(2), '5 HP');
}

/** Records every request body the save endpoint receives. */
function captureSave(method: 'post' | 'put', url: string, reply: () => Response | Promise<Response>) {
  const bodies: FormData[] = [];
  server.use(
    http[method](url, async ({ request }) => {
      bodies.push(await request.formData());
      return reply();
    }),
  );
  return bodies;
}

describe('specification rows', () => {
  it('starts with 4 rows, adds rows, and allows removal only while more than 2 exist', async () => {
    const { user } = renderForm('/admin/products/add');
    expect(screen.getAllByRole('button', { name: /Remove specification/ })).toHaveLength(4);

    await user.click(screen.getByRole('button', { name: 'Add Specification' }));
    expect(screen.getAllByRole('button', { name: /Remove specification/ })).toHaveLength(5);

    await user.click(screen.getByRole('button', { name: 'Remove specification 5' }));
    await user.click(screen.getByRole('button', { name: 'Remove specification 4' }));
    await user.click(screen.getByRole('button', { name: 'Remove specification 3' }));
    const remaining = screen.getAllByRole('button', { name: /Remove specification/ });
    expect(remaining).toHaveLength(2);
    for (const button of remaining) expect(button).toBeDisabled();
  });

  it('alerts and sends nothing with fewer than 2 complete specifications', async () => {
    const shown = spyToasts();
    const bodies = captureSave('post', '/api/products', () => HttpResponse.json(buildMachine(), { status: 201 }));
    const { user } = renderForm('/admin/products/add');
    await user.type(screen.getByLabelText('Name'), 'CL-40');
    await user.type(screen.getByLabelText('Description'), 'A capstan lathe.');
    await user.type(specKey(1), 'Bore');
    await user.type(specValue(1), '40 mm');
    // Blank after trimming: passes the browser's `required`, fails SPEC §5.
    await user.type(specKey(2), '   ');
    await user.type(specValue(2), 'x');
    await user.click(screen.getByRole('button', { name: 'Add Machine' }));

    expect(shown).toHaveBeenCalledWith(SPEC_ALERT);
    expect(bodies).toHaveLength(0);
  });
});

describe('images', () => {
  it('refuses a batch that would pass 6 and disables the input at 6', async () => {
    const shown = spyToasts();
    const { user } = renderForm('/admin/products/add');
    await user.upload(imageInput(), imageFiles(4));
    expect(screen.getAllByRole('img', { name: /New image/ })).toHaveLength(4);

    await user.upload(imageInput(), imageFiles(3, 'extra'));
    expect(shown).toHaveBeenCalledWith('You can only upload up to 6 images total.');
    expect(screen.getAllByRole('img', { name: /New image/ })).toHaveLength(4);
    expect(imageInput()).toBeEnabled();

    await user.upload(imageInput(), imageFiles(2, 'more'));
    expect(screen.getAllByRole('img', { name: /New image/ })).toHaveLength(6);
    expect(imageInput()).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Remove new image more-2.png' }));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-6');
    expect(imageInput()).toBeEnabled();
  });
});

describe('machine form', () => {
  it('creates a machine with the multipart fields and goes to the products list', async () => {
    const shown = spyToasts();
    const bodies = captureSave('post', '/api/products', () => HttpResponse.json(buildMachine(), { status: 201 }));
    const { user, router } = renderForm('/admin/products/add');
    await fillRequired(user);
    await user.type(screen.getByLabelText('Brand (optional)'), 'Kovai');
    await user.type(screen.getByLabelText('Price in ₹ (optional)'), '1500000');
    await user.type(specKey(3), 'Weight');
    await user.type(specValue(3), '900 kg');
    await user.click(screen.getByLabelText('Featured'));
    const files = imageFiles(2);
    await user.upload(imageInput(), files);
    const append = vi.spyOn(FormData.prototype, 'append');
    await user.click(screen.getByRole('button', { name: 'Add Machine' }));

    await waitFor(() => expect(shown).toHaveBeenCalledWith('Machine added successfully!'));
    expect(bodies).toHaveLength(1);
    const body = bodies[0]!;
    expect(body.get('name')).toBe('CL-40');
    expect(body.get('description')).toBe('A capstan lathe.');
    expect(body.get('category')).toBe('machine');
    expect(body.get('brand')).toBe('Kovai');
    expect(body.get('price')).toBe('1500000');
    // Empty fields are sent empty: on an update that clears them (decision 011).
    expect(body.get('originalPrice')).toBe('');
    // Its kind's default availability and warranty (decision 051); no rating is typed in.
    expect(body.get('availability')).toBe('');
    expect(body.get('warrantyMonths')).toBe('');
    expect(body.has('rating')).toBe(false);
    expect(body.has('reviewCount')).toBe(false);
    expect(JSON.parse(String(body.get('features')))).toEqual([]);
    expect(body.get('featured')).toBe('true');
    expect(JSON.parse(String(body.get('specifications')))).toEqual([
      { key: 'Bore', value: '40 mm' },
      { key: 'Motor', value: '5 HP' },
      { key: 'Weight', value: '900 kg' },
    ]);
    expect(body.has('keepImages')).toBe(false);
    // jsdom's files reach MSW without names or contents, so check what the form appended.
    expect(body.getAll('images')).toHaveLength(2);
    const appended = append.mock.calls.filter(([field]) => field === 'images').map(([, file]) => file);
    expect(appended).toEqual(files);
    expect(router.state.location.pathname).toBe('/admin/products');
  });

  it('validates with the shared payload schema before sending: a repeated specification is refused', async () => {
    const shown = spyToasts();
    const bodies = captureSave('post', '/api/products', () => HttpResponse.json(buildMachine(), { status: 201 }));
    const { user } = renderForm('/admin/products/add');
    await fillRequired(user);
    await user.type(specKey(3), 'bore');
    await user.type(specValue(3), '42 mm');
    await user.click(screen.getByRole('button', { name: 'Add Machine' }));

    expect(shown).toHaveBeenCalledWith('Specification "bore" appears twice');
    expect(bodies).toHaveLength(0);
  });

  it('loads the machine in edit mode and sends the kept images', async () => {
    const shown = spyToasts();
    const machine = buildMachine({
      name: 'CL-25',
      description: 'Old text',
      featured: false,
      images: [
        '/uploads/11111111-1111-4111-8111-111111111111.webp',
        '/uploads/22222222-2222-4222-8222-222222222222.webp',
      ],
      specifications: { Bore: '25 mm', Motor: '3 HP' },
      specificationList: [
        { key: 'Motor', value: '3 HP' },
        { key: 'Bore', value: '25 mm' },
      ],
    });
    server.use(http.get(`/api/products/${machine.id}`, () => HttpResponse.json(machine)));
    const bodies = captureSave('put', `/api/products/${machine.id}`, () => HttpResponse.json(machine));
    const { user, router } = renderForm(`/admin/products/edit/${machine.id}`);

    expect(await screen.findByDisplayValue('CL-25')).toBeInTheDocument();
    // The ordered list wins over the map.
    expect(specKey(1)).toHaveValue('Motor');
    expect(specKey(2)).toHaveValue('Bore');
    expect(screen.getAllByRole('button', { name: /Remove specification/ })).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Remove current image 1' }));
    await user.upload(imageInput(), imageFiles(1));
    await user.click(screen.getByRole('button', { name: 'Update Machine' }));

    await waitFor(() => expect(shown).toHaveBeenCalledWith('Machine updated successfully!'));
    const body = bodies[0]!;
    expect(JSON.parse(String(body.get('keepImages')))).toEqual(['/uploads/22222222-2222-4222-8222-222222222222.webp']);
    expect(body.getAll('images')).toHaveLength(1);
    expect(body.get('featured')).toBe('false');
    expect(router.state.location.pathname).toBe('/admin/products');
  });

  it('shows a typed value once when its stored text repeats the number and unit, and saves it once', async () => {
    const machine = buildMachine({
      name: 'CL-600',
      specifications: { 'Swing over bed': '600 mm', Spindle: '2,000 rpm (max)' },
      specificationList: [
        { key: 'Swing over bed', value: '600 mm', number: 600, unit: 'mm' },
        { key: 'Spindle', value: 'max', number: 2000, unit: 'rpm' },
      ],
    });
    server.use(http.get(`/api/products/${machine.id}`, () => HttpResponse.json(machine)));
    const bodies = captureSave('put', `/api/products/${machine.id}`, () => HttpResponse.json(machine));
    const { user } = renderForm(`/admin/products/edit/${machine.id}`);

    expect(await screen.findByDisplayValue('CL-600')).toBeInTheDocument();
    // One value, one place: the number and unit hold it, the remark box is empty, and it prints once.
    expect(specValue(1)).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Specification 1 number' })).toHaveValue('600');
    expect(screen.getByText('600 mm', { selector: 'span' })).toBeInTheDocument();
    expect(screen.queryByText(/600 mm \(600 mm\)/)).not.toBeInTheDocument();
    // A real remark stays a remark.
    expect(specValue(2)).toHaveValue('max');
    expect(screen.getByText('2,000 rpm (max)')).toBeInTheDocument();

    // Typing the number again as text is noticed and not printed twice.
    await user.type(specValue(1), '600mm');
    expect(screen.getByText('600 mm', { selector: 'span' }).parentElement).toHaveTextContent(
      /^Shows as: 600 mm \(the text repeats the number/,
    );
    await user.click(screen.getByRole('button', { name: 'Update Machine' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(JSON.parse(String(bodies[0]!.get('specifications')))).toEqual([
      { key: 'Swing over bed', value: '', number: 600, unit: 'mm' },
      { key: 'Spindle', value: 'max', number: 2000, unit: 'rpm' },
    ]);
  });

  it('alerts when the machine cannot be loaded', async () => {
    const shown = spyToasts();
    server.use(http.get('/api/products/missing', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })));
    renderForm('/admin/products/edit/missing');
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Failed to load product for editing.'));
  });

  it('sends one request for a double click', async () => {
    const shown = spyToasts();
    const answer = gate();
    const bodies = captureSave('post', '/api/products', async () => {
      await answer.opened;
      return HttpResponse.json(buildMachine(), { status: 201 });
    });
    const { user } = renderForm('/admin/products/add');
    await fillRequired(user);
    await user.dblClick(screen.getByRole('button', { name: 'Add Machine' }));
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    answer.open();
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Machine added successfully!'));
    expect(bodies).toHaveLength(1);
  });
});

describe('machine fields the public pages show', () => {
  it('edits brand, category, prices, delivery, warranty and key features (add, remove, reorder) and sends them all', async () => {
    const shown = spyToasts();
    const machine = buildMachine({
      id: 'm-7',
      name: 'NP-38',
      brand: 'Kovai',
      category: 'machine',
      price: 1850000,
      originalPrice: 2100000,
      rating: 4.7,
      reviewCount: 36,
      availability: { status: 'made_to_order', leadTimeWeeks: { min: 4, max: 6 }, isDefault: true },
      warranty: { months: 18, isDefault: false },
      features: ['Hardened bed', 'Six-station turret', 'Coolant pump'],
      specificationList: [
        { key: 'Bar', value: '38 mm' },
        { key: 'Motor', value: '5 HP' },
      ],
    });
    server.use(http.get('/api/products/m-7', () => HttpResponse.json(machine)));
    const bodies = captureSave('put', '/api/products/m-7', () => HttpResponse.json(machine));
    const { user } = renderForm('/admin/products/edit/m-7');

    expect(await screen.findByLabelText('Brand (optional)')).toHaveValue('Kovai');
    expect(screen.getByLabelText('Category')).toHaveValue('machine');
    expect(screen.getByLabelText('Original price in ₹ (optional)')).toHaveValue(2100000);
    // The rating comes from approved reviews: the form has no field for it (decision 051).
    expect(screen.queryByLabelText(/Rating/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Number of reviews/)).not.toBeInTheDocument();
    // Its availability is the machines' default, its warranty its own.
    expect(screen.getByLabelText('Availability')).toHaveValue('');
    expect(
      await within(screen.getByLabelText('Availability')).findByRole('option', {
        name: 'Default (Made to order: 4-6 weeks)',
      }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Warranty in months')).toHaveValue(18);
    expect(screen.getByRole('textbox', { name: 'Key feature 3' })).toHaveValue('Coolant pump');

    await user.click(screen.getByRole('button', { name: 'Move key feature 3 up' }));
    await user.click(screen.getByRole('button', { name: 'Remove key feature 1' }));
    await user.click(screen.getByRole('button', { name: 'Add Key Feature' }));
    await user.type(screen.getByRole('textbox', { name: 'Key feature 3' }), 'Bar feeder ready');
    await user.clear(screen.getByLabelText('Brand (optional)'));
    await user.selectOptions(screen.getByLabelText('Availability'), 'made_to_order');
    await user.type(screen.getByLabelText('Lead time from (weeks)'), '6');
    await user.type(screen.getByLabelText('to (weeks)'), '8');
    await user.clear(screen.getByLabelText('Warranty in months'));
    await user.click(screen.getByRole('button', { name: 'Update Machine' }));

    await waitFor(() => expect(shown).toHaveBeenCalledWith('Machine updated successfully!'));
    const body = bodies[0]!;
    expect(JSON.parse(String(body.get('features')))).toEqual([
      'Coolant pump',
      'Six-station turret',
      'Bar feeder ready',
    ]);
    // An emptied field is sent empty, so the server clears it (decision 011).
    expect(body.get('brand')).toBe('');
    expect(body.get('availability')).toBe('made_to_order');
    expect(body.get('leadTimeMinWeeks')).toBe('6');
    expect(body.get('leadTimeMaxWeeks')).toBe('8');
    // Emptied: back to the machines' default.
    expect(body.get('warrantyMonths')).toBe('');
    expect(body.has('rating')).toBe(false);
    expect(body.get('originalPrice')).toBe('2100000');
    expect(body.get('category')).toBe('machine');
  });

  it('refuses a made-to-order lead time that ends before it starts, and sends nothing', async () => {
    const shown = spyToasts();
    const bodies = captureSave('post', '/api/products', () => HttpResponse.json(buildMachine(), { status: 201 }));
    const { user } = renderForm('/admin/products/add');
    await fillRequired(user);
    await user.selectOptions(screen.getByLabelText('Availability'), 'made_to_order');
    await user.type(screen.getByLabelText('Lead time from (weeks)'), '8');
    await user.type(screen.getByLabelText('to (weeks)'), '6');
    // Past the browser's own checks: the shared schema.
    fireEvent.submit(screen.getByRole('button', { name: 'Add Machine' }).closest('form')!);
    expect(shown).toHaveBeenCalledWith(TERMS_MESSAGES.leadTimeOrder);
    expect(bodies).toHaveLength(0);
  });
});

describe('saving guard', () => {
  it('ignores a second submit while the first save is in flight', async () => {
    const shown = spyToasts();
    const answer = gate();
    const bodies = captureSave('post', '/api/products', async () => {
      await answer.opened;
      return HttpResponse.json(buildMachine(), { status: 201 });
    });
    const { user } = renderForm('/admin/products/add');
    await fillRequired(user);
    const form = screen.getByRole('button', { name: 'Add Machine' }).closest('form')!;
    // Submitting the form directly bypasses the disabled button: only the ref guard stops it.
    fireEvent.submit(form);
    fireEvent.submit(form);
    answer.open();
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Machine added successfully!'));
    expect(bodies).toHaveLength(1);
  });
});

const sparePart = buildSparePart({
  id: 'part-1',
  name: 'Collet',
  images: ['/uploads/33333333-3333-4333-8333-333333333333.webp'],
  specs: { Size: '20 mm', Steel: 'EN31' },
  specificationList: [],
});

type Case = {
  kind: string;
  url: string;
  method: 'post' | 'put';
  endpoint: string;
  submit: string;
  server: string;
  network: string;
  success: string;
  list: string;
};

const cases: Case[] = [
  {
    kind: 'add machine',
    url: '/admin/products/add',
    method: 'post',
    endpoint: '/api/products',
    submit: 'Add Machine',
    server: 'Error adding machine: Name is required',
    network: 'Failed to add machine.',
    success: 'Machine added successfully!',
    list: '/admin/products?saved=saved-1',
  },
  {
    kind: 'update machine',
    url: '/admin/products/edit/m-1',
    method: 'put',
    endpoint: '/api/products/m-1',
    submit: 'Update Machine',
    server: 'Error updating machine: Name is required',
    network: 'Failed to update machine.',
    success: 'Machine updated successfully!',
    list: '/admin/products?saved=saved-1',
  },
  {
    kind: 'add spare part',
    url: '/admin/spareparts/add',
    method: 'post',
    endpoint: '/api/spareparts',
    submit: 'Add Spare Part',
    server: 'Error adding spare part: Name is required',
    network: 'Failed to add spare part.',
    success: 'Spare Part added successfully!',
    list: '/admin/products?tab=spares&saved=saved-1',
  },
  {
    kind: 'update spare part',
    url: '/admin/spareparts/edit/part-1',
    method: 'put',
    endpoint: '/api/spareparts/part-1/full',
    submit: 'Update Spare Part',
    server: 'Error updating spare part: Name is required',
    network: 'Failed to update spare part.',
    success: 'Spare Part updated successfully!',
    list: '/admin/products?tab=spares&saved=saved-1',
  },
];

describe.each(cases)('$kind alerts', (c) => {
  beforeEach(() => {
    server.use(
      http.get('/api/products/m-1', () =>
        HttpResponse.json(
          buildMachine({
            id: 'm-1',
            name: 'CL-25',
            specificationList: [
              { key: 'A', value: '1' },
              { key: 'B', value: '2' },
            ],
          }),
        ),
      ),
      http.get('/api/spareparts/part-1', () => HttpResponse.json(sparePart)),
    );
  });

  async function submit(reply: () => Response) {
    const shown = spyToasts();
    const bodies = captureSave(c.method, c.endpoint, reply);
    const view = renderForm(c.url);
    await screen.findByRole('button', { name: c.submit });
    if (c.method === 'post') await fillRequired(view.user);
    await view.user.click(screen.getByRole('button', { name: c.submit }));
    await waitFor(() => expect(shown).toHaveBeenCalled());
    return { shown, bodies, router: view.router };
  }

  it('shows the server message', async () => {
    const { shown, router } = await submit(() =>
      HttpResponse.json({ message: 'Name is required', issues: [] }, { status: 400 }),
    );
    expect(shown).toHaveBeenCalledWith(c.server);
    expect(router.state.location.pathname).toBe(c.url);
    expect(screen.getByRole('button', { name: c.submit })).toBeEnabled();
  });

  it('reports a network failure', async () => {
    const { shown } = await submit(() => HttpResponse.error());
    expect(shown).toHaveBeenCalledWith(c.network);
  });

  it('confirms success and goes to the list showing the saved item', async () => {
    const { shown, router, bodies } = await submit(() => HttpResponse.json({ id: 'saved-1' }, { status: 200 }));
    expect(shown).toHaveBeenCalledWith(c.success);
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe(c.list));
    expect(bodies).toHaveLength(1);
  });
});

describe('spare part edit', () => {
  it('fills specifications from `specs` and keeps the existing images by default', async () => {
    spyToasts();
    server.use(http.get('/api/spareparts/part-1', () => HttpResponse.json(sparePart)));
    const bodies = captureSave('put', '/api/spareparts/part-1/full', () => HttpResponse.json(sparePart));
    const { user } = renderForm('/admin/spareparts/edit/part-1');
    expect(await screen.findByDisplayValue('Collet')).toBeInTheDocument();
    expect(specKey(1)).toHaveValue('Size');
    expect(specValue(2)).toHaveValue('EN31');
    expect(screen.queryByLabelText('Brand (optional)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Spare Part' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(JSON.parse(String(bodies[0]!.get('keepImages')))).toEqual([
      '/uploads/33333333-3333-4333-8333-333333333333.webp',
    ]);
    expect(JSON.parse(String(bodies[0]!.get('specifications')))).toEqual([
      { key: 'Size', value: '20 mm' },
      { key: 'Steel', value: 'EN31' },
    ]);
  });
});

describe('delete', () => {
  it('confirms with the item name, deletes, and returns to the list', async () => {
    server.use(http.get('/api/spareparts/part-1', () => HttpResponse.json(sparePart)));
    const deleted = vi.fn();
    server.use(
      http.delete('/api/spareparts/part-1', () => {
        deleted();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router } = renderForm('/admin/spareparts/edit/part-1');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: "Delete 'Collet'?" });
    expect(deleted).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/spare-parts'));
    expect(deleted).toHaveBeenCalledTimes(1);
    expect(await screen.findByText("'Collet' was deleted.")).toBeInTheDocument();
    await act(async () => {});
  });
});
