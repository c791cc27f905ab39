import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_TOKEN_STORAGE_KEY,
  ADMIN_USER_STORAGE_KEY,
  IMPORT_COLUMN_HELP,
  type ImportField,
  type ImportSummary,
  TRANSLATION_COLUMNS,
} from '@capstan/shared';
import { createAdminTranslator } from '@/lib/i18n/admin';
import { inAdminLocale } from '@/testing/locale';
import { meHandler } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { COLUMN_HELP_KEYS, columnHelp, translationColumnHelp } from '../lib/column-help';
import { CatalogueImportScreen } from './import-screen';

function signIn() {
  localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, 'token-abc');
  localStorage.setItem(ADMIN_USER_STORAGE_KEY, JSON.stringify({ id: 'u1', email: 'a@example.com', username: 'ravi' }));
}

const withErrors: ImportSummary = {
  kind: 'machines',
  rows: 4,
  create: 2,
  update: 1,
  unchanged: 0,
  invalidRows: 1,
  errors: [{ line: 3, column: 'price', message: 'Price must be a number' }],
  errorCount: 1,
  changes: [{ line: 2, action: 'create', code: 'CL-25', name: 'Capstan Lathe CL-25', fields: [] }],
  planId: 'plan-1',
};

function previewApi() {
  server.use(
    meHandler('editor'),
    http.post('/api/catalogue-import/:kind', () => HttpResponse.json(withErrors)),
  );
}

async function previewAFile(fileLabel: string, machines: string, preview: string) {
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: machines }));
  await user.upload(screen.getByLabelText(fileLabel), new File(['code,name\n'], 'machines.csv', { type: 'text/csv' }));
  await user.click(screen.getByRole('button', { name: preview }));
  return screen.findByRole('table');
}

describe('Import and export screen in Tamil and Hindi', () => {
  it('speaks Tamil: steps, preview headings and the error table, the server’s reasons and the columns as they are', async () => {
    signIn();
    previewApi();
    renderWithProviders(<CatalogueImportScreen />, { wrapper: inAdminLocale('ta') });

    expect(await screen.findByRole('heading', { level: 1, name: 'இறக்குமதி மற்றும் ஏற்றுமதி' })).toBeInTheDocument();
    const table = await previewAFile('CSV அல்லது Excel (.xlsx) ஃபைல்', 'மெஷின்கள்', 'முன்னோட்டம்');
    expect(screen.getByRole('heading', { name: 'மெஷின்களை இறக்குமதி செய்' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'காரணம்' })).toBeInTheDocument();
    // The reason is the server's refusal in the person's language; the column is the file's, as it came.
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('3priceவிலை ஒரு எண்ணாக இருக்க வேண்டும்');
    expect(screen.getByRole('heading', { name: /1 வரிசையில் சரிசெய்ய வேண்டிய 1 பிழை/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'சரியான 3 வரிசைகளை இறக்குமதி செய்' })).toBeInTheDocument();
    expect(screen.getByText('புதிதாகச் சேர்க்க')).toBeInTheDocument();
    expect(screen.getByText(/Capstan Lathe/)).toHaveTextContent('வரி 2: புதியது CL-25 Capstan Lathe CL-25');
    expect(screen.getByText('மெஷின்கள் ஃபைலின் நெடுவரிசைகள்')).toBeInTheDocument();

    expect(screen.queryByText('Import and export')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Preview' })).not.toBeInTheDocument();
    expect(screen.queryByText('Reason')).not.toBeInTheDocument();
    expect(screen.queryByText(/Changes of the valid rows/)).not.toBeInTheDocument();
  });

  it('speaks Hindi', async () => {
    signIn();
    previewApi();
    renderWithProviders(<CatalogueImportScreen />, { wrapper: inAdminLocale('hi') });

    expect(await screen.findByRole('heading', { level: 1, name: 'इम्पोर्ट और एक्सपोर्ट' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Excel (.xlsx) डाउनलोड करें' })).toBeInTheDocument();
    const table = await previewAFile('CSV या Excel (.xlsx) फ़ाइल', 'मशीनें', 'प्रीव्यू');
    expect(within(table).getByRole('columnheader', { name: 'कॉलम' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '3 सही पंक्तियाँ इम्पोर्ट करें' })).toBeInTheDocument();
    expect(screen.getByText(/^1 पंक्ति में गलतियाँ हैं:/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'सही पंक्तियों के बदलाव' })).toBeInTheDocument();

    expect(screen.queryByText('Download Excel (.xlsx)')).not.toBeInTheDocument();
    expect(screen.queryByText(/rows have problems|row has problems/)).not.toBeInTheDocument();
  });

  it('explains each column in English with the shared help’s very words', () => {
    const english = createAdminTranslator('en', {});
    for (const field of Object.keys(COLUMN_HELP_KEYS) as ImportField[]) {
      expect({ field, help: columnHelp(english, field) }).toEqual({ field, help: IMPORT_COLUMN_HELP[field] });
    }
    expect(Object.keys(COLUMN_HELP_KEYS).sort()).toEqual(Object.keys(IMPORT_COLUMN_HELP).sort());
    for (const column of TRANSLATION_COLUMNS) {
      expect({ column: column.column, help: translationColumnHelp(english, column) }).toEqual({
        column: column.column,
        help: column.help,
      });
    }
  });
});
