import { screen, within } from '@testing-library/react';
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
  lastSignInAt: '2026-11-23T04:30:00.000Z',
  disabled: false,
  createdAt: '2026-11-01T00:00:00.000Z',
};
const EDITOR: StaffMember = {
  ...OWNER,
  id: 'u-editor',
  email: 'meena@kovai.example',
  username: 'meena',
  role: 'editor',
  twoFactor: true,
  lastSignInAt: null,
};

/** An in-memory Staff API that keeps the server's one rule the screen must show: the last owner stays. */
function staffApi(initial: StaffMember[]) {
  const staff = initial.map((member) => ({ ...member }));
  const calls: { method: string; url: string; body: unknown }[] = [];
  server.use(
    http.get('/api/admin/staff', () => HttpResponse.json({ staff })),
    http.post('/api/admin/staff', async ({ request }) => {
      const body = (await request.json()) as { email: string; role: StaffMember['role'] };
      calls.push({ method: 'POST', url: '/api/admin/staff', body });
      const member: StaffMember = {
        ...OWNER,
        id: `u-${staff.length}`,
        email: body.email,
        role: body.role,
        twoFactor: false,
        lastSignInAt: null,
      };
      staff.push(member);
      return HttpResponse.json(
        { staff: member, password: 'Xy7-generated-pass_01', message: `Invited ${body.email}.` },
        { status: 201 },
      );
    }),
    http.put('/api/admin/staff/:id', async ({ params, request }) => {
      const body = (await request.json()) as Partial<Pick<StaffMember, 'role' | 'disabled'>>;
      calls.push({ method: 'PUT', url: `/api/admin/staff/${String(params.id)}`, body });
      const member = staff.find((s) => s.id === params.id);
      if (!member) return HttpResponse.json({ message: 'Staff account not found' }, { status: 404 });
      const owners = staff.filter((s) => s.role === 'owner' && !s.disabled);
      const next = { ...member, ...body };
      if (owners.length === 1 && owners[0]?.id === member.id && (next.role !== 'owner' || next.disabled)) {
        return HttpResponse.json({ message: 'This is the last active owner.' }, { status: 409 });
      }
      Object.assign(member, body);
      return HttpResponse.json({ staff: member, message: `${member.email} is now ${member.role}.` });
    }),
    http.post('/api/admin/staff/:id/reset-two-factor', ({ params }) => {
      calls.push({ method: 'POST', url: `/api/admin/staff/${String(params.id)}/reset-two-factor`, body: null });
      const member = staff.find((s) => s.id === params.id);
      if (member) member.twoFactor = false;
      return HttpResponse.json({ staff: member, message: 'Two-factor sign-in is off.' });
    }),
  );
  return calls;
}

const row = (email: string) => {
  const item = screen.getByLabelText(`Role for ${email}`).closest('li');
  if (!item) throw new Error(`no row for ${email}`);
  return item;
};

/** Heading levels in document order never skip one (an h3 straight after the h1 does). */
const headingLevels = () => screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
const skipsALevel = (levels: number[]) => levels.some((level, index) => index > 0 && level > levels[index - 1]! + 1);

describe('StaffScreen', () => {
  it('lists each colleague with role, two-factor, last sign-in and state', async () => {
    staffApi([OWNER, { ...EDITOR, disabled: true, twoFactor: false }]);
    renderWithProviders(<StaffScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Staff' })).toBeInTheDocument();
    await screen.findByLabelText('Role for ravi@kovai.example');
    expect(headingLevels()[0]).toBe(1);
    expect(skipsALevel(headingLevels())).toBe(false);
    expect(screen.getByLabelText('Role for ravi@kovai.example')).toHaveValue('owner');
    expect(within(row('ravi@kovai.example')).getByText('On')).toBeInTheDocument();
    // 04:30 UTC is 10:00 in India.
    expect(within(row('ravi@kovai.example')).getByText(/23 Nov 2026, 10:00\s?am/i)).toBeInTheDocument();
    expect(screen.getByLabelText('Role for meena@kovai.example')).toHaveValue('editor');
    expect(within(row('meena@kovai.example')).getByText('Never')).toBeInTheDocument();
    expect(within(row('meena@kovai.example')).getByText('Disabled')).toBeInTheDocument();
    expect(within(row('meena@kovai.example')).getByRole('button', { name: /Enable/ })).toBeInTheDocument();
    expect(within(row('meena@kovai.example')).queryByRole('button', { name: /Reset two-factor/ })).toBeNull();
  });

  it('invites a colleague and shows the one-time password to pass on', async () => {
    const calls = staffApi([OWNER]);
    renderWithProviders(<StaffScreen />);
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Role for ravi@kovai.example');
    await user.type(screen.getByLabelText('Email'), 'Asha@Kovai.example');
    await user.selectOptions(screen.getByLabelText('Role'), 'sales');
    await user.click(screen.getByRole('button', { name: 'Invite' }));

    const shown = await screen.findByRole('status');
    expect(shown).toHaveTextContent('asha@kovai.example can now sign in as sales with this password');
    expect(shown).toHaveTextContent('shown only this once');
    expect(within(shown).getByText('Xy7-generated-pass_01')).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'POST', url: '/api/admin/staff', body: { email: 'asha@kovai.example', role: 'sales' } },
    ]);
    expect(await screen.findByLabelText('Role for asha@kovai.example')).toHaveValue('sales');
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('checks the email before calling the server', async () => {
    const calls = staffApi([OWNER]);
    renderWithProviders(<StaffScreen />);
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Role for ravi@kovai.example');
    await user.type(screen.getByLabelText('Email'), 'not an email');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('changes a role, disables and resets two-factor, each with the server', async () => {
    const calls = staffApi([OWNER, EDITOR]);
    renderWithProviders(<StaffScreen />);
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Role for meena@kovai.example');

    await user.selectOptions(screen.getByLabelText('Role for meena@kovai.example'), 'sales');
    expect(await screen.findByText('meena@kovai.example is now sales.')).toBeInTheDocument();
    await user.click(within(row('meena@kovai.example')).getByRole('button', { name: /Disable/ }));
    await within(row('meena@kovai.example')).findByText('Disabled');
    await user.click(within(row('meena@kovai.example')).getByRole('button', { name: /Reset two-factor/ }));
    expect(await screen.findByText('Two-factor sign-in is off.')).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'PUT', url: '/api/admin/staff/u-editor', body: { role: 'sales' } },
      { method: 'PUT', url: '/api/admin/staff/u-editor', body: { disabled: true } },
      { method: 'POST', url: '/api/admin/staff/u-editor/reset-two-factor', body: null },
    ]);
  });

  it("shows the server's refusal for the last owner and keeps the role as it was", async () => {
    staffApi([OWNER, EDITOR]);
    renderWithProviders(<StaffScreen />);
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Role for ravi@kovai.example');
    await user.selectOptions(screen.getByLabelText('Role for ravi@kovai.example'), 'editor');
    const message = await screen.findByText('This is the last active owner.');
    expect(message.closest('li')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByLabelText('Role for ravi@kovai.example')).toHaveValue('owner');
  });
});

describe('StaffScreen in Tamil and Hindi', () => {
  it.each([
    {
      locale: 'ta',
      title: 'பணியாளர்கள்',
      roleFor: (email: string) => `${email} இன் பொறுப்பு`,
      owner: 'உரிமையாளர்',
      never: 'இதுவரை இல்லை',
      disable: 'meena@kovai.example கணக்கை முடக்கு',
      invite: 'அழை',
      asEditor: 'எடிட்டராக உள்நுழையலாம்',
    },
    {
      locale: 'hi',
      title: 'स्टाफ़',
      roleFor: (email: string) => `${email} का रोल`,
      owner: 'मालिक',
      never: 'कभी नहीं',
      disable: 'meena@kovai.example का अकाउंट बंद करें',
      invite: 'इनवाइट करें',
      asEditor: 'एडिटर के रूप में साइन इन कर सकते हैं',
    },
  ] as const)('speaks $locale: headings, roles, states and the invitation', async (words) => {
    staffApi([OWNER, EDITOR]);
    renderWithProviders(<StaffScreen />, { wrapper: inAdminLocale(words.locale) });
    const user = userEvent.setup({ delay: null });
    expect(screen.getByRole('heading', { level: 1, name: words.title })).toBeInTheDocument();
    const select = await screen.findByLabelText(words.roleFor('ravi@kovai.example'));
    expect(within(select).getByRole('option', { name: words.owner })).toHaveValue('owner');
    expect(screen.queryByRole('option', { name: 'Owner' })).toBeNull();
    const meena = screen.getByLabelText(words.roleFor('meena@kovai.example')).closest('li')!;
    expect(within(meena).getByText(words.never)).toBeInTheDocument();
    expect(within(meena).getByRole('button', { name: words.disable })).toBeInTheDocument();
    expect(screen.queryByText('Staff accounts')).toBeNull();
    expect(screen.queryByText('Never')).toBeNull();

    await user.type(screen.getAllByRole('textbox')[0]!, 'asha@kovai.example');
    await user.selectOptions(screen.getAllByRole('combobox')[0]!, 'editor');
    await user.click(screen.getByRole('button', { name: words.invite }));
    const shown = await screen.findByRole('status');
    expect(shown).toHaveTextContent(words.asEditor);
    expect(shown).not.toHaveTextContent('can now sign in');
  });
});
