import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_PLAN_CHANGED_MESSAGE, type InstallationImportSummary } from '@capstan/shared';
import { translateAdminRefusal } from '@/lib/i18n/admin-validation';
import { meHandler } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { adminTranslatorFor, inAdminLocale } from '@/testing/locale';
import { renderWithProviders } from '@/testing/test-utils';
import { InstallationsImportScreen } from './installations-import-screen';

function summary(overrides: Partial<InstallationImportSummary> = {}): InstallationImportSummary {
  return {
    kind: 'installations',
    rows: 4,
    create: 2,
    update: 1,
    unchanged: 0,
    invalidRows: 1,
    errors: [
      { line: 3, column: 'serial', message: 'A serial number has letters, digits, - and / only' },
      { line: 3, column: 'commissioned_on', message: 'Commissioning date must be a date (YYYY-MM-DD)' },
    ],
    errorCount: 2,
    changes: [
      { line: 2, action: 'create', code: 'KPM-NP38/2301', name: 'Iyer Tools', fields: [] },
      { line: 4, action: 'update', code: 'KPM-NP38/2201', name: 'Sri Murugan Engineering', fields: ['phone'] },
    ],
    planId: 'plan-7',
    ...overrides,
  };
}

const file = () =>
  new File(['serial,model,company\nKPM-NP38/2301,NP-38,Iyer Tools\n'], 'machines.csv', { type: 'text/csv' });

/** The import's calls, recording each mode and plan, and whether a file came with it. */
function importApi(answers: { preview: InstallationImportSummary; apply?: InstallationImportSummary }) {
  const calls: string[] = [];
  server.use(
    http.post('/api/installations/import', async ({ request }) => {
      const url = new URL(request.url);
      const sent = (await request.formData()).get('file');
      const file = sent === null || typeof sent === 'string' ? 'no file' : 'file';
      calls.push(`${url.searchParams.get('mode')} ${url.searchParams.get('planId') ?? '-'} ${file}`);
      return HttpResponse.json(url.searchParams.get('mode') === 'preview' ? answers.preview : answers.apply);
    }),
  );
  return calls;
}

beforeEach(() => {
  server.use(meHandler('service'));
});

describe('importing and exporting installed machines', () => {
  it('previews a file with every invalid cell by line, then imports its valid rows', async () => {
    const calls = importApi({
      preview: summary(),
      apply: summary({ errors: [], changes: [], rejectedCsv: 'serial,errors\nKPM 23#02,Serial\n' }),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:rejected', revokeObjectURL: () => {} }));
    const u = userEvent.setup({ delay: null });
    renderWithProviders(<InstallationsImportScreen />, { url: '/admin/installations/import' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Import and export installed machines' }),
    ).toBeVisible();
    expect(screen.getByText('commissioned_on')).toBeInTheDocument();

    await u.upload(screen.getByLabelText('CSV or Excel (.xlsx) file'), file());
    await u.click(screen.getByRole('button', { name: 'Preview' }));

    const preview = await screen.findByLabelText('Preview');
    expect(within(preview).getByText('To create').nextSibling).toHaveTextContent('2');
    expect(within(preview).getByText('To update').nextSibling).toHaveTextContent('1');
    expect(within(preview).getByText('Invalid rows').nextSibling).toHaveTextContent('1');
    const cells = within(screen.getByRole('table', { name: 'Invalid cells' }))
      .getAllByRole('row')
      .slice(1);
    expect(cells.map((row) => row.textContent)).toEqual([
      '3serialA serial number has letters, digits, - and / only',
      '3commissioned_onCommissioning date must be a date (YYYY-MM-DD)',
    ]);
    expect(screen.getByText(/Sri Murugan/)).toHaveTextContent(
      'Line 4: update KPM-NP38/2201 Sri Murugan Engineering (phone)',
    );
    expect(screen.getByText(/1 row has problems/)).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Import the 3 valid rows' }));
    expect(
      await screen.findByText('Imported “machines.csv”: 2 registered, 1 updated, 0 unchanged, 1 row left out.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the 1 rejected row with their errors (CSV)' })).toHaveAttribute(
      'download',
      'machines-rejected-rows.csv',
    );
    expect(calls).toEqual(['preview - file', 'valid-rows plan-7 file']);
  });

  it('imports a clean file whole, and says a refused import in Hindi', async () => {
    const calls = importApi({ preview: summary({ invalidRows: 0, errors: [], errorCount: 0 }) });
    server.use(
      http.post('/api/installations/import', ({ request }) =>
        new URL(request.url).searchParams.get('mode') === 'apply'
          ? HttpResponse.json({ message: IMPORT_PLAN_CHANGED_MESSAGE }, { status: 409 })
          : undefined,
      ),
    );
    const hindi = adminTranslatorFor('hi');
    const u = userEvent.setup({ delay: null });
    renderWithProviders(<InstallationsImportScreen />, {
      url: '/admin/installations/import',
      wrapper: inAdminLocale('hi'),
    });
    await u.upload(await screen.findByLabelText(hindi.t('adminImportFile.fileLabel')), file());
    await u.click(screen.getByRole('button', { name: hindi.t('adminImportFile.preview') }));
    await u.click(await screen.findByRole('button', { name: hindi.t('adminImportFile.importRows', { count: 3 }) }));
    expect(await screen.findByText(hindi.t('adminInstallations.importFailed'))).toBeInTheDocument();
    expect(screen.getByText(translateAdminRefusal(hindi, IMPORT_PLAN_CHANGED_MESSAGE))).toBeInTheDocument();
    expect(translateAdminRefusal(hindi, IMPORT_PLAN_CHANGED_MESSAGE)).not.toBe(IMPORT_PLAN_CHANGED_MESSAGE);
    expect(calls).toEqual(['preview - file']);
  });

  it('downloads the register as CSV or Excel with the session', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/installations/export', ({ request }) => {
        asked.push(new URL(request.url).search);
        return new HttpResponse('serial,model\r\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const u = userEvent.setup({ delay: null });
    renderWithProviders(<InstallationsImportScreen />, { url: '/admin/installations/import' });
    await u.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await u.click(screen.getByRole('button', { name: 'Download Excel (.xlsx)' }));
    await waitFor(() => expect(asked).toEqual(['?format=csv', '?format=xlsx']));
  });
});
