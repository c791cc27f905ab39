import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useParams } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { meHandler } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { adminTranslatorFor, inAdminLocale } from '@/testing/locale';
import { renderWithProviders } from '@/testing/test-utils';
import {
  buildInstallation,
  settingsHandler,
  MACHINE_ID,
  machinesHandler,
  OTHER_MACHINE_ID,
} from '../testing/installation-fixtures';
import { EditInstallationScreen, NewInstallationScreen } from './installation-form-screens';

function EditRoute() {
  const id = useParams().installationId ?? '';
  return <EditInstallationScreen key={id} installationId={id} />;
}
function SavedRoute() {
  return <p>Machine page {useParams().installationId}</p>;
}

function renderAt(url: string, options: Parameters<typeof renderWithProviders>[1] = {}) {
  return renderWithProviders(
    <Routes>
      <Route path="/admin/installations/new" element={<NewInstallationScreen />} />
      <Route path="/admin/installations/:installationId/edit" element={<EditRoute />} />
      <Route path="/admin/installations/:installationId" element={<SavedRoute />} />
    </Routes>,
    { ...options, url },
  );
}

/** POST and PUT of installations, recording each body; `answer` may refuse one. */
function saveApi(answer?: (body: unknown) => Response | undefined) {
  const sent: { method: string; body: unknown }[] = [];
  server.use(
    http.post('/api/installations', async ({ request }) => {
      const body: unknown = await request.json();
      sent.push({ method: 'POST', body });
      return (
        answer?.(body) ?? HttpResponse.json(buildInstallation({ id: 'new1', serial: 'KPM-2201' }), { status: 201 })
      );
    }),
    http.get('/api/installations/inst1', () => HttpResponse.json(buildInstallation())),
    http.put('/api/installations/inst1', async ({ request }) => {
      const body: unknown = await request.json();
      sent.push({ method: 'PUT', body });
      return answer?.(body) ?? HttpResponse.json(buildInstallation());
    }),
  );
  return sent;
}

const user = () => userEvent.setup({ delay: null });

beforeEach(() => {
  server.use(meHandler('service'), machinesHandler(), settingsHandler(18));
});

describe('registering a machine', () => {
  it('refuses a blank form field by field, under each field, and sends nothing', async () => {
    const sent = saveApi();
    const u = user();
    renderAt('/admin/installations/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Register a machine' })).toBeVisible();

    await u.click(screen.getByRole('button', { name: 'Register machine' }));

    expect(await screen.findByLabelText('Serial number')).toHaveAccessibleDescription(
      expect.stringContaining('Serial number is required'),
    );
    expect(screen.getByLabelText('Model')).toHaveAccessibleDescription('Choose the model from the catalogue');
    expect(screen.getByLabelText('Commissioning date')).toHaveAccessibleDescription(
      'Commissioning date must be a date (YYYY-MM-DD)',
    );
    expect(screen.getByLabelText('Company')).toHaveAccessibleDescription('Company is required');
    expect(screen.getByLabelText('Contact person')).toHaveAccessibleDescription('Contact person is required');
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('Phone is required');
    // Optional fields left empty are not refused.
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(/^Warranty \(months\)/)).not.toHaveAttribute('aria-invalid');
    expect(sent).toEqual([]);
  });

  it('checks what is typed, shows the warranty end as it will be, and sends the payload', async () => {
    const sent = saveApi();
    const u = user();
    renderAt('/admin/installations/new');
    await screen.findByRole('option', { name: 'NP-38 Capstan Lathe (NP-38)' });

    await u.type(screen.getByLabelText('Serial number'), 'kpm 22#01');
    await u.type(screen.getByLabelText('Phone'), 'call me');
    await u.type(screen.getByLabelText('Email'), 'selvam@');
    await u.click(screen.getByRole('button', { name: 'Register machine' }));
    expect(await screen.findByText('A serial number has letters, digits, - and / only')).toBeVisible();
    expect(screen.getByText('Enter a valid phone number')).toBeVisible();
    expect(screen.getByText('Enter a valid email address')).toBeVisible();

    // The placeholder and the end follow Site → Company's default (18 months) until months are typed.
    const months = screen.getByLabelText(/^Warranty \(months\)/);
    expect(months).toHaveAttribute('placeholder', '18');
    expect(screen.getByTestId('warranty-end')).toHaveTextContent(
      'Give the commissioning date to see when the warranty ends.',
    );
    await u.type(screen.getByLabelText('Commissioning date'), '2026-04-10');
    expect(screen.getByTestId('warranty-end')).toHaveTextContent('The warranty ends on 9 Oct 2027.');
    await u.type(months, '24');
    expect(screen.getByTestId('warranty-end')).toHaveTextContent('The warranty ends on 9 Apr 2028.');
    await u.clear(months);

    await u.clear(screen.getByLabelText('Serial number'));
    await u.type(screen.getByLabelText('Serial number'), 'kpm 2201');
    await u.selectOptions(screen.getByLabelText('Model'), MACHINE_ID);
    await u.type(screen.getByLabelText('Company'), 'Sri Murugan Engineering');
    await u.type(screen.getByLabelText('Contact person'), 'R. Selvam');
    await u.clear(screen.getByLabelText('Phone'));
    await u.type(screen.getByLabelText('Phone'), '+91 98430 12345');
    await u.clear(screen.getByLabelText('Email'));
    await u.selectOptions(screen.getByLabelText('State'), '33');
    await u.selectOptions(screen.getByLabelText('Language of emails'), 'ta');
    await u.type(screen.getByLabelText('Control make'), 'Fanuc');
    await u.click(screen.getByRole('button', { name: 'Register machine' }));

    expect(await screen.findByText('Machine page new1')).toBeVisible();
    expect(sent).toEqual([
      {
        method: 'POST',
        body: {
          serial: 'KPM2201',
          machineId: MACHINE_ID,
          customer: {
            company: 'Sri Murugan Engineering',
            contactName: 'R. Selvam',
            phone: '+91 98430 12345',
            email: null,
            gstin: null,
            state: '33',
            address: null,
            language: 'ta',
          },
          invoiceNumber: null,
          invoiceDate: null,
          commissionedOn: '2026-04-10',
          controlMake: 'Fanuc',
          notes: null,
        },
      },
    ]);
  });

  it('says a serial already registered at the serial field', async () => {
    saveApi(() =>
      HttpResponse.json({ message: 'A machine with serial KPM-2201 is already registered' }, { status: 409 }),
    );
    const u = user();
    renderAt('/admin/installations/new');
    await screen.findByRole('option', { name: 'NP-38 Capstan Lathe (NP-38)' });
    await u.type(screen.getByLabelText('Serial number'), 'KPM-2201');
    await u.selectOptions(screen.getByLabelText('Model'), MACHINE_ID);
    await u.type(screen.getByLabelText('Commissioning date'), '2026-04-10');
    await u.type(screen.getByLabelText('Company'), 'Iyer Tools');
    await u.type(screen.getByLabelText('Contact person'), 'Meena Iyer');
    await u.type(screen.getByLabelText('Phone'), '9843012345');
    await u.click(screen.getByRole('button', { name: 'Register machine' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Serial number')).toHaveAccessibleDescription(
        expect.stringContaining('A machine with serial KPM-2201 is already registered'),
      ),
    );
    expect(screen.getByLabelText('Serial number')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need correcting');
  });

  it("puts the server's refusals under their fields", async () => {
    saveApi(() =>
      HttpResponse.json(
        {
          message: 'Validation failed',
          issues: [{ path: ['customer', 'state'], message: 'The GSTIN belongs to another state than the one chosen' }],
        },
        { status: 400 },
      ),
    );
    const u = user();
    renderAt('/admin/installations/new');
    await screen.findByRole('option', { name: 'NP-38 Capstan Lathe (NP-38)' });
    await u.type(screen.getByLabelText('Serial number'), 'KPM-2202');
    await u.selectOptions(screen.getByLabelText('Model'), OTHER_MACHINE_ID);
    await u.type(screen.getByLabelText('Commissioning date'), '2026-05-01');
    await u.type(screen.getByLabelText('Company'), 'Iyer Tools');
    await u.type(screen.getByLabelText('Contact person'), 'Meena Iyer');
    await u.type(screen.getByLabelText('Phone'), '9843012345');
    await u.click(screen.getByRole('button', { name: 'Register machine' }));
    await waitFor(() =>
      expect(screen.getByLabelText('State')).toHaveAccessibleDescription(
        'The GSTIN belongs to another state than the one chosen',
      ),
    );
  });

  it("says the refusals in the staff member's language", async () => {
    saveApi();
    const u = user();
    const tamil = adminTranslatorFor('ta');
    renderAt('/admin/installations/new', { wrapper: inAdminLocale('ta') });
    await u.click(await screen.findByRole('button', { name: tamil.t('adminInstallations.register') }));
    expect(await screen.findByText(tamil.t('adminValidation.serialRequired'))).toBeVisible();
    expect(screen.getByText(tamil.t('adminValidation.installationModel'))).toBeVisible();
  });
});

describe('changing a registered machine', () => {
  it('starts from what is stored and sends only the fields changed', async () => {
    const sent = saveApi();
    const u = user();
    renderAt('/admin/installations/inst1/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit KPM-NP38/2201' })).toBeVisible();
    await screen.findByRole('option', { name: 'NP-38 Capstan Lathe (NP-38)' });
    expect(screen.getByLabelText('Serial number')).toHaveValue('KPM-NP38/2201');
    expect(screen.getByLabelText('Model')).toHaveValue(MACHINE_ID);
    expect(screen.getByLabelText('Company')).toHaveValue('Sri Murugan Engineering');
    expect(screen.getByLabelText('Language of emails')).toHaveValue('ta');
    expect(screen.getByTestId('warranty-end')).toHaveTextContent('The warranty ends on 9 Apr 2028.');

    await u.clear(screen.getByLabelText('Phone'));
    await u.type(screen.getByLabelText('Phone'), '0422 2345678');
    await u.clear(screen.getByLabelText(/^Warranty \(months\)/));
    await u.type(screen.getByLabelText(/^Warranty \(months\)/), '36');
    await u.clear(screen.getByLabelText('Email'));
    await u.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Machine page inst1')).toBeVisible();
    expect(sent).toEqual([
      { method: 'PUT', body: { warrantyMonths: 36, customer: { phone: '0422 2345678', email: null } } },
    ]);
  });

  it('sends nothing when nothing was changed', async () => {
    const sent = saveApi();
    const u = user();
    renderAt('/admin/installations/inst1/edit');
    await screen.findByRole('option', { name: 'NP-38 Capstan Lathe (NP-38)' });
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Machine page inst1')).toBeVisible();
    expect(sent).toEqual([]);
  });
});
