import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { inAdminLocale } from '@/testing/locale';
import { renderWithProviders } from '@/testing/test-utils';
import { server } from '@/testing/mocks/server';
import { AccountScreen } from './account-screen';

const CURRENT = 'old but long password';
const NEXT = 'brass gearbox under monsoon';

function accountHandlers(
  calls: unknown[],
  respond: () => Response = () => HttpResponse.json({ message: 'Password changed' }),
) {
  return [
    http.get('/api/auth/account', () => HttpResponse.json({ totpEnabled: false, passwordChangedAt: null })),
    http.post('/api/auth/password', async ({ request }) => {
      calls.push(await request.json());
      return respond();
    }),
  ];
}

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm: string) {
  if (current) await user.type(screen.getByLabelText('Current password'), current);
  if (next) await user.type(screen.getByLabelText('New password'), next);
  if (confirm) await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

/** Heading levels in document order never skip one (an h3 straight after the h1 does). */
const headingLevels = () => screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
const skipsALevel = (levels: number[]) => levels.some((level, index) => index > 0 && level > levels[index - 1]! + 1);

describe('AccountScreen: change password', () => {
  it('sends current and new password (not the confirmation), toasts and clears the form', async () => {
    const calls: unknown[] = [];
    server.use(...accountHandlers(calls));
    renderWithProviders(<AccountScreen />);
    const user = userEvent.setup({ delay: null });
    expect(screen.getByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(headingLevels()[0]).toBe(1);
    expect(skipsALevel(headingLevels())).toBe(false);
    await fill(user, CURRENT, NEXT, NEXT);

    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(calls).toEqual([{ currentPassword: CURRENT, newPassword: NEXT }]);
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it('checks length and the confirmation before calling the server', async () => {
    const calls: unknown[] = [];
    server.use(...accountHandlers(calls));
    renderWithProviders(<AccountScreen />);
    const user = userEvent.setup({ delay: null });
    await fill(user, CURRENT, 'short', 'short');
    expect(await screen.findByText('Password must be at least 12 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm new password'));
    await fill(user, '', NEXT, `${NEXT}x`);
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal as an error toast and keeps the fields", async () => {
    const calls: unknown[] = [];
    server.use(
      ...accountHandlers(calls, () => HttpResponse.json({ message: 'Current password is incorrect' }, { status: 400 })),
    );
    renderWithProviders(<AccountScreen />);
    const user = userEvent.setup({ delay: null });
    await fill(user, 'wrong password', NEXT, NEXT);
    const message = await screen.findByText('Current password is incorrect');
    expect(message.closest('li')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByLabelText('New password')).toHaveValue(NEXT);
  });
});

describe('AccountScreen: two-factor', () => {
  it('enrols with the QR code and a code, then shows the recovery codes once', async () => {
    const enableCalls: unknown[] = [];
    const codes = Array.from({ length: 10 }, (_, i) => `abcde-${String(i).padStart(5, '2')}`);
    server.use(
      http.get('/api/auth/account', () => HttpResponse.json({ totpEnabled: false, passwordChangedAt: null })),
      http.post('/api/auth/totp/setup', () =>
        HttpResponse.json({
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
          qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
        }),
      ),
      http.post('/api/auth/totp/enable', async ({ request }) => {
        enableCalls.push(await request.json());
        return HttpResponse.json({ recoveryCodes: codes, message: 'Two-factor sign-in is on' });
      }),
    );
    renderWithProviders(<AccountScreen />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    // Without the password nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(enableCalls).toEqual([]);
    await user.type(screen.getByLabelText('Password'), 'my own password');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(enableCalls).toEqual([{ password: 'my own password', code: '123456' }]);

    // Copy puts every code on the clipboard, one a line.
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(codes.join('\n'));
    expect(await screen.findByText('Copied to the clipboard.')).toBeInTheDocument();

    // Download saves a .txt file holding every code.
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:codes';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(clicked.map((a) => [a.download, a.href])).toEqual([['kovai-recovery-codes.txt', 'blob:codes']]);
    expect(blobs[0]?.type).toBe('text/plain;charset=utf-8');
    const text = await blobs[0]!.text();
    for (const code of codes) expect(text).toContain(`\n${code}\n`);
    expect(screen.getByText('Downloaded as kovai-recovery-codes.txt.')).toBeInTheDocument();
    click.mockRestore();
  });

  it('says so when the browser refuses the clipboard', async () => {
    server.use(
      http.get('/api/auth/account', () => HttpResponse.json({ totpEnabled: false, passwordChangedAt: null })),
      http.post('/api/auth/totp/setup', () =>
        HttpResponse.json({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://x', qrSvg: '<svg></svg>' }),
      ),
      http.post('/api/auth/totp/enable', () => HttpResponse.json({ recoveryCodes: ['a-1'], message: 'on' })),
    );
    renderWithProviders(<AccountScreen />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.type(screen.getByLabelText('Password'), 'my own password');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    await screen.findByRole('list', { name: 'Recovery codes' });
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async () => Promise.reject(new DOMException('denied', 'NotAllowedError'))) },
      configurable: true,
    });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(
      await screen.findByText('Copying is not allowed here: download the codes, or select and copy them.'),
    ).toBeInTheDocument();
  });
});

describe('AccountScreen in Tamil and Hindi', () => {
  it.each([
    ['ta', 'கணக்கு', 'தற்போதைய கடவுச்சொல்', 'இரண்டு-படி உள்நுழைவை அமை', 'அங்கீகரிப்பு ஆப்புக்கான QR குறியீடு'],
    ['hi', 'अकाउंट', 'मौजूदा पासवर्ड', 'टू-फ़ैक्टर साइन-इन सेट करें', 'आपके ऑथेंटिकेटर ऐप के लिए QR कोड'],
  ] as const)('speaks %s, down to the enrolment', async (locale, title, currentPassword, setUp, qrAlt) => {
    server.use(
      http.get('/api/auth/account', () => HttpResponse.json({ totpEnabled: false, passwordChangedAt: null })),
      http.post('/api/auth/totp/setup', () =>
        HttpResponse.json({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://x', qrSvg: '<svg></svg>' }),
      ),
    );
    renderWithProviders(<AccountScreen />, { wrapper: inAdminLocale(locale) });
    const user = userEvent.setup({ delay: null });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByLabelText(currentPassword)).toBeInTheDocument();
    expect(screen.queryByText('Change password')).toBeNull();
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await user.click(await screen.findByRole('button', { name: setUp }));
    expect(await screen.findByRole('img', { name: new RegExp(qrAlt) })).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on two-factor sign-in' })).toBeNull();
  });
});
