import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { StaffMember } from '@capstan/shared';
import { inAdminLocale } from '@/testing/locale';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { StaffScreen } from './staff-screen';

const OWNER: StaffMember = {
  id: 'u-owner',
  email: 'ravi@kovai.example',
  username: 'ravi',
  role: 'owner',
  twoFactor: true,
  lastSignInAt: null,
  disabled: false,
  createdAt: '2026-11-01T00:00:00.000Z',
};

describe("Staff: refusals in the person's language", () => {
  it("says the server's refusal with a value inside (409) in Hindi, the value as sent", async () => {
    server.use(
      http.get('/api/admin/staff', () => HttpResponse.json({ staff: [OWNER] })),
      http.post('/api/admin/staff', () =>
        HttpResponse.json({ message: 'A staff account with email ravi@kovai.example already exists' }, { status: 409 }),
      ),
    );
    renderWithProviders(<StaffScreen />, { wrapper: inAdminLocale('hi') });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('ईमेल'), 'ravi@kovai.example');
    await user.click(screen.getByRole('button', { name: 'इनवाइट करें' }));

    expect(await screen.findByText('ईमेल ravi@kovai.example वाला स्टाफ़ अकाउंट पहले से मौजूद है')).toBeInTheDocument();
    expect(screen.queryByText(/already exists/)).not.toBeInTheDocument();
  });

  it("says the schema's refusal under the email in Tamil", async () => {
    server.use(http.get('/api/admin/staff', () => HttpResponse.json({ staff: [OWNER] })));
    renderWithProviders(<StaffScreen />, { wrapper: inAdminLocale('ta') });
    const user = userEvent.setup({ delay: null });
    const email = await screen.findByLabelText('மின்னஞ்சல்');
    await user.type(email, 'not an email');
    await user.click(screen.getByRole('button', { name: /அழை/ }));

    expect(await screen.findByText('சரியான மின்னஞ்சல் முகவரியை உள்ளிடவும்')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('சரியான மின்னஞ்சல் முகவரியை உள்ளிடவும்');
  });
});
