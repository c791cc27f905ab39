import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildService } from '@/testing/fixtures';
import { gate } from '@/testing/gate';
import { server } from '@/testing/mocks/server';
import { imageFiles, renderForm, setUpFormTests, stubObjectUrls } from './test-harness';

setUpFormTests();

const PENDING_SPECIFICATION_MESSAGE =
  'Fill in both the name and the value of the new specification, or clear it, before saving.';

beforeEach(() => {
  localStorage.setItem('adminToken', 'token-1');
  stubObjectUrls();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const imageInput = () => screen.getByLabelText('Images');
// The toast viewport is loaded with the first toast.
const notifications = () => screen.findByRole('region', { name: /Notifications/ });

async function expectToast(title: string, description: string, variant?: 'destructive') {
  const text = await within(await notifications()).findByText(description);
  const toast = text.closest('li');
  expect(toast).not.toBeNull();
  expect(within(toast!).getByText(title)).toBeInTheDocument();
  if (variant) expect(toast).toHaveAttribute('data-variant', variant);
}

async function fillRequired(user: ReturnType<typeof renderForm>['user']) {
  await user.type(screen.getByLabelText('Name'), 'Annual maintenance');
  await user.type(screen.getByLabelText('Description'), 'Visits through the year.');
}

describe('service specifications', () => {
  it('adds a row only when both name and value are filled, and rows can be removed', async () => {
    const { user } = renderForm('/admin/services/add');
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('Specification name'), 'Visits');
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('Specification value'), '4 a year');
    await user.click(add);
    const list = screen.getByRole('list', { name: 'Specifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent('Visits: 4 a year');
    expect(screen.getByLabelText('Specification name')).toHaveValue('');

    // Whitespace alone is not a value.
    await user.type(screen.getByLabelText('Specification name'), 'Hours');
    await user.type(screen.getByLabelText('Specification value'), '   ');
    expect(add).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Remove specification Visits' }));
    expect(screen.queryByRole('list', { name: 'Specifications' })).not.toBeInTheDocument();
  });
});

describe('a specification typed but not added with "+ Add"', () => {
  function captureCreate() {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/services', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(buildService({ id: 'svc-new' }), { status: 201 });
      }),
    );
    return bodies;
  }

  it('is saved with the others when both its name and value are filled', async () => {
    const bodies = captureCreate();
    const { user, router } = renderForm('/admin/services/add');
    await fillRequired(user);
    await user.type(screen.getByLabelText('Specification name'), 'Visits');
    await user.type(screen.getByLabelText('Specification value'), '4 a year');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.type(screen.getByLabelText('Specification name'), 'Response');
    await user.type(screen.getByLabelText('Specification value'), '48 hours');
    await user.click(screen.getByRole('button', { name: 'Add Service' }));

    await expectToast('Success', 'Service added successfully!');
    expect(bodies[0]?.specification).toEqual([
      { key: 'Visits', value: '4 a year' },
      { key: 'Response', value: '48 hours' },
    ]);
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/admin/products?tab=services&saved=svc-new',
    );
  });

  it('stops the save with a message when only half of it is filled', async () => {
    const bodies = captureCreate();
    const { user, router } = renderForm('/admin/services/add');
    await fillRequired(user);
    await user.type(screen.getByLabelText('Specification name'), 'Response');
    await user.click(screen.getByRole('button', { name: 'Add Service' }));

    await expectToast('Error', PENDING_SPECIFICATION_MESSAGE, 'destructive');
    expect(bodies).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/admin/services/add');
    expect(screen.getByLabelText('Specification name')).toHaveValue('Response');
  });
});

describe('service images', () => {
  it('shows the Limit Exceeded toast and adds none of a batch past 6', async () => {
    const { user } = renderForm('/admin/services/add');
    await user.upload(imageInput(), imageFiles(5));
    await user.upload(imageInput(), imageFiles(2, 'extra'));
    await expectToast('Limit Exceeded', 'You can upload a maximum of 6 images.');
    expect(screen.getAllByRole('img', { name: /New image/ })).toHaveLength(5);
  });
});

describe('service save', () => {
  it('uploads new images first, then creates the service with their URLs, toasts and navigates', async () => {
    const calls: string[] = [];
    let uploaded: Blob[] = [];
    let saved: unknown;
    server.use(
      http.post('/api/upload-images', async ({ request }) => {
        calls.push('upload');
        uploaded = (await request.formData()).getAll('images') as Blob[];
        return HttpResponse.json({ imageUrls: ['/uploads/new-1.webp', '/uploads/new-2.webp'] }, { status: 201 });
      }),
      http.post('/api/services', async ({ request }) => {
        calls.push('save');
        saved = await request.json();
        return HttpResponse.json(buildService(), { status: 201 });
      }),
    );
    const { user, router } = renderForm('/admin/services/add');
    await fillRequired(user);
    await user.type(screen.getByLabelText('Specification name'), 'Visits');
    await user.type(screen.getByLabelText('Specification value'), '4 a year');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByLabelText('Featured'));
    await user.upload(imageInput(), imageFiles(2));
    await user.click(screen.getByRole('button', { name: 'Add Service' }));

    await expectToast('Success', 'Service added successfully!');
    expect(calls).toEqual(['upload', 'save']);
    expect(uploaded).toHaveLength(2);
    expect(saved).toEqual({
      name: 'Annual maintenance',
      description: 'Visits through the year.',
      code: '',
      specification: [{ key: 'Visits', value: '4 a year' }],
      images: ['/uploads/new-1.webp', '/uploads/new-2.webp'],
      featured: true,
      // No SAC typed: the default; the rate starts at the kind's (decision 075).
      hsnCode: '',
      gstRate: '18',
      // Nothing typed in Tamil or Hindi: each language's fields go empty (decision 072).
      translations: {
        ta: { name: '', description: '', specifications: null },
        hi: { name: '', description: '', specifications: null },
      },
    });
    expect(router.state.location.pathname).toBe('/admin/products');
  });

  it('skips the upload without new files and updates with the kept existing images', async () => {
    const service = buildService({
      id: 'svc-1',
      name: 'Installation',
      images: [
        '/uploads/11111111-1111-4111-8111-111111111111.webp',
        '/uploads/22222222-2222-4222-8222-222222222222.webp',
      ],
      specificationList: [{ key: 'Days', value: '3' }],
    });
    let saved: unknown;
    server.use(
      http.get('/api/services/svc-1', () => HttpResponse.json(service)),
      http.put('/api/services/svc-1/full', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json(service);
      }),
    );
    const { user, router } = renderForm('/admin/services/edit/svc-1');
    expect(await screen.findByDisplayValue('Installation')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove current image 1' }));
    await user.click(screen.getByRole('button', { name: 'Update Service' }));
    await expectToast('Success', 'Service updated successfully!');
    expect(saved).toMatchObject({
      name: 'Installation',
      specification: [{ key: 'Days', value: '3' }],
      images: ['/uploads/22222222-2222-4222-8222-222222222222.webp'],
      featured: true,
    });
    expect(router.state.location.pathname).toBe('/admin/products');
  });

  it('checks the shared payload schema before uploading anything', async () => {
    const calls: string[] = [];
    server.use(
      http.post('/api/upload-images', () => {
        calls.push('upload');
        return HttpResponse.json({ imageUrls: [] }, { status: 201 });
      }),
      http.post('/api/services', () => {
        calls.push('save');
        return HttpResponse.json(buildService(), { status: 201 });
      }),
    );
    const { user } = renderForm('/admin/services/add');
    await fillRequired(user);
    for (const value of ['4 a year', '6 a year']) {
      await user.type(screen.getByLabelText('Specification name'), 'Visits');
      await user.type(screen.getByLabelText('Specification value'), value);
      await user.click(screen.getByRole('button', { name: 'Add' }));
    }
    await user.upload(imageInput(), imageFiles(1));
    await user.click(screen.getByRole('button', { name: 'Add Service' }));

    await expectToast('Error', 'Specification "Visits" appears twice', 'destructive');
    expect(calls).toEqual([]);
  });

  it('aborts the save with a toast when the upload fails', async () => {
    const save = vi.fn();
    server.use(
      http.post('/api/upload-images', () => HttpResponse.json({ message: 'File too large' }, { status: 413 })),
      http.post('/api/services', () => {
        save();
        return HttpResponse.json(buildService(), { status: 201 });
      }),
    );
    const { user, router } = renderForm('/admin/services/add');
    await fillRequired(user);
    await user.upload(imageInput(), imageFiles(1));
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    await expectToast('Error', 'Image upload failed: File too large', 'destructive');
    expect(save).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/admin/services/add');
    expect(screen.getByRole('button', { name: 'Add Service' })).toBeEnabled();
  });

  it('toasts a failed create and a failed update', async () => {
    server.use(http.post('/api/services', () => HttpResponse.json({ message: 'Name is required' }, { status: 400 })));
    const { user, unmount } = renderForm('/admin/services/add');
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    await expectToast('Error', 'Failed to add service: Name is required', 'destructive');
    unmount();

    server.use(
      http.get('/api/services/svc-2', () => HttpResponse.json(buildService({ id: 'svc-2' }))),
      http.put('/api/services/svc-2/full', () => HttpResponse.error()),
    );
    const second = renderForm('/admin/services/edit/svc-2');
    await second.user.click(await screen.findByRole('button', { name: 'Update Service' }));
    await expectToast('Error', 'Failed to update service: Failed to fetch', 'destructive');
  });

  it('disables submit while saving and sends one request for a double click', async () => {
    const save = vi.fn();
    const answer = gate();
    server.use(
      http.post('/api/services', async () => {
        save();
        await answer.opened;
        return HttpResponse.json(buildService(), { status: 201 });
      }),
    );
    const { user } = renderForm('/admin/services/add');
    await fillRequired(user);
    await user.dblClick(screen.getByRole('button', { name: 'Add Service' }));
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    answer.open();
    await expectToast('Success', 'Service added successfully!');
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('toasts a load failure', async () => {
    server.use(
      http.get('/api/services/gone', () => HttpResponse.json({ message: 'Service not found' }, { status: 404 })),
    );
    renderForm('/admin/services/edit/gone');
    await expectToast('Error', 'Failed to load service: Service not found', 'destructive');
  });
});
