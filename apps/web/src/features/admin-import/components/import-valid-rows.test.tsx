import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

const withErrors: ImportSummary = {
  kind: 'spare-parts',
  rows: 4,
  create: 2,
  update: 1,
  unchanged: 0,
  invalidRows: 1,
  errors: [{ line: 3, column: 'price', message: 'Price must be a number' }],
  errorCount: 1,
  changes: [
    { line: 2, action: 'create', code: 'NP38-COL-25', name: 'Collet 25', fields: [] },
    { line: 4, action: 'create', code: 'NP38-COL-32', name: 'Collet 32', fields: [] },
    { line: 5, action: 'update', code: 'NP38-BRG-01', name: 'Bearing', fields: ['price'] },
  ],
  planId: 'plan-valid',
};

const REJECTED_CSV =
  '\uFEFF"code","name","price","errors"\r\n"NP38-COL-30","Collet 30","abc","Line 3, price: Price must be a number"\r\n';

afterEach(() => vi.unstubAllGlobals());

describe('Import screen: importing the valid rows', () => {
  it('offers the valid rows of a file with problems, imports them alone and offers the rejected rows as a file', async () => {
    signIn();
    const calls: string[] = [];
    server.use(
      adminStatsHandler(buildAdminStats()),
      pendingReviewsHandler(),
      meHandler('editor'),
      http.post('/api/catalogue-import/:kind', ({ request }) => {
        const url = new URL(request.url);
        calls.push(`${url.searchParams.get('mode')} ${url.searchParams.get('planId') ?? ''}`);
        if (url.searchParams.get('mode') === 'preview') return HttpResponse.json(withErrors);
        const lines = [
          { type: 'progress', done: 3, total: 3 },
          { type: 'done', summary: withErrors, rejectedCsv: REJECTED_CSV },
        ];
        return new HttpResponse(lines.map((line) => `${JSON.stringify(line)}\n`).join(''), {
          headers: { 'content-type': 'application/x-ndjson' },
        });
      }),
    );
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:rejected-rows';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));

    renderApp('/admin/import');
    const user = userEvent.setup({ delay: null });
    await user.upload(
      await screen.findByLabelText('CSV or Excel (.xlsx) file'),
      new File(['code,name,price\n'], 'parts.xlsx', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    await screen.findByRole('table', { name: 'Invalid cells' });
    expect(screen.getByText(/1 row has problems: fix the file and preview it again/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Changes of the valid rows' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import the 3 valid rows' }));

    const link = await screen.findByRole('link', { name: 'Download the 1 rejected row with their errors (CSV)' });
    expect(link).toHaveAttribute('href', 'blob:rejected-rows');
    expect(link).toHaveAttribute('download', 'parts-rejected-rows.csv');
    // Byte for byte, the byte-order mark included (Excel reads the file as UTF-8 by it).
    const bytes = await blobs[0]?.arrayBuffer();
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(REJECTED_CSV);
    expect(
      screen.getByText('Imported “parts.xlsx”: 2 created, 1 updated, 0 unchanged, 1 row left out.'),
    ).toBeInTheDocument();
    expect(calls).toEqual(['preview ', 'valid-rows plan-valid']);
  });

  it('offers nothing to import when no row of the file is valid', async () => {
    signIn();
    server.use(
      adminStatsHandler(buildAdminStats()),
      pendingReviewsHandler(),
      meHandler('owner'),
      http.post('/api/catalogue-import/:kind', () =>
        HttpResponse.json({ ...withErrors, create: 0, update: 0, invalidRows: 4, changes: [] }),
      ),
    );
    renderApp('/admin/import');
    const user = userEvent.setup({ delay: null });
    await user.upload(
      await screen.findByLabelText('CSV or Excel (.xlsx) file'),
      new File(['code,name,price\n'], 'parts.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('button', { name: 'Fix the file to import it' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /valid rows/ })).not.toBeInTheDocument();
  });
});
