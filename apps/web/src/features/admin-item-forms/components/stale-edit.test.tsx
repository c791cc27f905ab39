import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STALE_EDIT_MESSAGE } from '@capstan/shared';
import { buildMachine, buildService, buildSparePart } from '@/testing/fixtures';
import { server } from '@/testing/mocks/server';
import { renderForm, setUpFormTests, spyToasts, stubObjectUrls } from './test-harness';

setUpFormTests();

beforeEach(() => {
  localStorage.setItem('adminToken', 'token-1');
  stubObjectUrls();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const LOADED = '2026-01-01T10:00:00.000Z';
const LATEST = '2026-01-01T10:05:00.123Z';
const conflict = () => HttpResponse.json({ message: STALE_EDIT_MESSAGE }, { status: 409 });

// The notice's own text; the toast says it too, after 'Failed to update …:'.
const NOTICE_TEXT = /^This item was changed by someone else — reload/;
const staleNotice = () => screen.findByText(NOTICE_TEXT);

describe('machine form: a save refused as stale', () => {
  it('sends the loaded version, shows the message, keeps the typed data, and Reload shows the latest', async () => {
    const shown = spyToasts();
    const specificationList = [
      { key: 'Bore', value: '25 mm' },
      { key: 'Motor', value: '3 HP' },
    ];
    const versions = [
      buildMachine({ id: 'm-1', name: 'CL-25', updatedAt: LOADED, specificationList }),
      buildMachine({ id: 'm-1', name: 'CL-25 Mark II', updatedAt: LATEST, specificationList }),
    ];
    let reads = 0;
    const sent: FormData[] = [];
    server.use(
      http.get('/api/products/m-1', () => HttpResponse.json(versions[Math.min(reads++, 1)])),
      http.put('/api/products/m-1', async ({ request }) => {
        sent.push(await request.formData());
        return conflict();
      }),
    );
    const { user, router } = renderForm('/admin/products/edit/m-1');
    const name = await screen.findByDisplayValue('CL-25');
    await user.clear(name);
    await user.type(name, 'CL-25 edited by me');
    await user.click(screen.getByRole('button', { name: 'Update Machine' }));

    const notice = (await staleNotice()).closest('[role="alert"]') as HTMLElement;
    expect(notice).toHaveTextContent(STALE_EDIT_MESSAGE);
    expect(shown).toHaveBeenCalledWith(`Error updating machine: ${STALE_EDIT_MESSAGE}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get('expectedUpdatedAt')).toBe(LOADED);
    // Nothing typed is lost, and the form stays put.
    expect(screen.getByLabelText('Name')).toHaveValue('CL-25 edited by me');
    expect(router.state.location.pathname).toBe('/admin/products/edit/m-1');
    expect(screen.getByRole('button', { name: 'Update Machine' })).toBeEnabled();

    await user.click(within(notice).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('CL-25 Mark II'));
    // The notice is gone (the toast that told of the refusal may still be showing).
    expect(screen.queryByText(NOTICE_TEXT)).not.toBeInTheDocument();

    // The next save carries the version it now shows.
    await user.click(screen.getByRole('button', { name: 'Update Machine' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.get('expectedUpdatedAt')).toBe(LATEST);
  });

  it('does not send a version on create', async () => {
    spyToasts();
    const sent: FormData[] = [];
    server.use(
      http.post('/api/spareparts', async ({ request }) => {
        sent.push(await request.formData());
        return HttpResponse.json(buildSparePart(), { status: 201 });
      }),
    );
    const { user } = renderForm('/admin/spareparts/add');
    await user.type(screen.getByLabelText('Name'), 'Collet');
    await user.type(screen.getByLabelText('Description'), 'A collet.');
    await user.type(screen.getByRole('textbox', { name: 'Specification 1 name' }), 'Bore');
    await user.type(screen.getByRole('textbox', { name: 'Specification 1 value' }), '20 mm');
    await user.type(screen.getByRole('textbox', { name: 'Specification 2 name' }), 'Steel');
    await user.type(screen.getByRole('textbox', { name: 'Specification 2 value' }), 'EN-31');
    await user.click(screen.getByRole('button', { name: 'Add Spare Part' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.has('expectedUpdatedAt')).toBe(false);
  });
});

describe('service form: a save refused as stale', () => {
  it('sends the loaded version, shows the message and keeps the typed data', async () => {
    const service = buildService({ id: 'svc-1', name: 'Installation', updatedAt: LOADED });
    let saved: Record<string, unknown> | undefined;
    server.use(
      http.get('/api/services/svc-1', () => HttpResponse.json(service)),
      http.put('/api/services/svc-1/full', async ({ request }) => {
        saved = (await request.json()) as Record<string, unknown>;
        return conflict();
      }),
    );
    const { user, router } = renderForm('/admin/services/edit/svc-1');
    const name = await screen.findByDisplayValue('Installation');
    await user.type(name, ' and training');
    await user.click(screen.getByRole('button', { name: 'Update Service' }));

    const notice = (await staleNotice()).closest('[role="alert"]') as HTMLElement;
    expect(within(notice).getByRole('button', { name: 'Reload' })).toBeEnabled();
    expect(saved).toMatchObject({ name: 'Installation and training', expectedUpdatedAt: LOADED });
    expect(screen.getByLabelText('Name')).toHaveValue('Installation and training');
    expect(router.state.location.pathname).toBe('/admin/services/edit/svc-1');
  });
});
