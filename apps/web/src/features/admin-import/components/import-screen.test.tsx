import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_TOKEN_STORAGE_KEY, ADMIN_USER_STORAGE_KEY, type ImportSummary } from '@capstan/shared';
import { adminStatsHandler, buildAdminStats } from '@/testing/mocks/admin-stats';
import { pendingReviewsHandler } from '@/testing/mocks/admin-reviews';
import { meHandler } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

function signIn() {
  localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, 'token-abc');
  localStorage.setItem(ADMIN_USER_STORAGE_KEY, JSON.stringify({ id: 'u1', email: 'a@example.com', username: 'ravi' }));
}

function summary(overrides: Partial<ImportSummary> = {}): ImportSummary {
  return {
    kind: 'spare-parts',
    rows: 3,
    create: 1,
    update: 1,
    unchanged: 1,
    invalidRows: 0,
    errors: [],
    errorCount: 0,
    changes: [
      { line: 2, action: 'create', code: 'NP38-COL-25', name: 'Collet 25', fields: [] },
      { line: 3, action: 'update', code: 'NP38-BRG-01', name: 'Bearing', fields: ['price'] },
    ],
    planId: 'plan-1',
    ...overrides,
  };
}

const csv = () => new File(['code,name\nNP38-COL-25,Collet 25\n'], 'parts.csv', { type: 'text/csv' });

describe('Import and export screen', () => {
  it('previews a file, then imports it showing progress from the streamed answer', async () => {
    signIn();
    const calls: string[] = [];
    server.use(
      adminStatsHandler(buildAdminStats()),
      pendingReviewsHandler(),
      meHandler('editor'),
      http.post('/api/catalogue-import/:kind', ({ request, params }) => {
        const url = new URL(request.url);
        calls.push(`${String(params.kind)} ${url.searchParams.get('mode')} ${url.searchParams.get('planId') ?? ''}`);
        if (url.searchParams.get('mode') === 'preview') return HttpResponse.json(summary());
        const lines = [
          { type: 'progress', done: 1, total: 2 },
          { type: 'progress', done: 2, total: 2 },
          { type: 'done', summary: summary() },
        ];
        return new HttpResponse(lines.map((line) => `${JSON.stringify(line)}\n`).join(''), {
          headers: { 'content-type': 'application/x-ndjson' },
        });
      }),
    );
    renderApp('/admin/import');
    await screen.findByRole('heading', { level: 1, name: 'Import and export' });
    expect(screen.getByRole('link', { name: /Import \/ export/ })).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.upload(screen.getByLabelText('CSV or Excel (.xlsx) file'), csv());
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const preview = await screen.findByLabelText('Preview');
    expect(within(preview).getByText('To create').nextSibling).toHaveTextContent('1');
    expect(within(preview).getByText('To update').nextSibling).toHaveTextContent('1');
    expect(screen.getByText(/Bearing/)).toHaveTextContent('Line 3: update NP38-BRG-01 Bearing (price)');

    await user.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    expect(await screen.findByText(/Imported “parts.csv”: 1 created, 1 updated, 1 unchanged./)).toBeInTheDocument();
    expect(calls).toEqual(['spare-parts preview ', 'spare-parts apply plan-1']);
  });

  it('lists every invalid cell and offers no import until the file has none', async () => {
    signIn();
    server.use(
      adminStatsHandler(buildAdminStats()),
      pendingReviewsHandler(),
      meHandler('owner'),
      http.post('/api/catalogue-import/:kind', () =>
        HttpResponse.json(
          summary({
            kind: 'machines',
            create: 0,
            update: 0,
            unchanged: 1,
            invalidRows: 2,
            errorCount: 2,
            changes: [],
            errors: [
              { line: 2, column: 'price', message: 'Price must be a number' },
              { line: 4, column: 'fits', message: 'Unknown machine in fits: NP-99' },
            ],
          }),
        ),
      ),
    );
    renderApp('/admin/import');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Machines' }));
    expect(screen.getByRole('button', { name: 'Machines' })).toHaveAttribute('aria-pressed', 'true');
    await user.upload(screen.getByLabelText('CSV or Excel (.xlsx) file'), csv());
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const table = await screen.findByRole('table', { name: 'Invalid cells' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '2pricePrice must be a number',
      '4fitsUnknown machine in fits: NP-99',
    ]);
    expect(screen.getByRole('button', { name: 'Fix the file to import it' })).toBeDisabled();
  });

  it('lets sales download the catalogue and price list, with no import controls', async () => {
    signIn();
    const downloads: string[] = [];
    server.use(
      adminStatsHandler(buildAdminStats()),
      meHandler('sales'),
      http.get('/api/catalogue-export/:kind', ({ request, params }) => {
        downloads.push(`${String(params.kind)} ${new URL(request.url).searchParams.get('format')}`);
        return new HttpResponse('"code","name","price"\r\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:export');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      renderApp('/admin/import');
      await screen.findByRole('heading', { level: 1, name: 'Download the catalogue' });
      expect(screen.getByRole('link', { name: /Download catalogue/ })).toHaveAttribute('href', '/admin/import');
      expect(screen.queryByRole('link', { name: /Import \/ export/ })).not.toBeInTheDocument();
      // Nothing that would change the catalogue is offered.
      expect(screen.queryByLabelText('CSV or Excel (.xlsx) file')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Preview' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Upload pictures' })).not.toBeInTheDocument();

      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Machines' }));
      await user.click(screen.getByRole('button', { name: 'Download Excel (.xlsx)' }));
      await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      expect(downloads).toEqual(['machines xlsx']);
    } finally {
      click.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});
