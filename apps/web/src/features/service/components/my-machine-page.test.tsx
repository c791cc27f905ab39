import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type Locale,
  MY_MACHINE_CODE_SENT_MESSAGE,
  MY_MACHINE_CODE_WRONG_MESSAGE,
  type MyMachineResponse,
} from '@capstan/shared';
import { AppProvider } from '@/app/provider';
import { resolveLazyRoutes, routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { readQuoteList } from '@/lib/quote-list';
import { translatorFor } from '@/testing/locale';
import { server } from '@/testing/mocks/server';
import { MY_MACHINE_URL } from '../api/my-machine';
import { keepMyMachineSession, readMyMachineSession } from '../lib/my-machine-session';

beforeAll(async () => {
  await Promise.all([resolveLazyRoutes({ pathname: '/my-machine' }), resolveLazyRoutes({ pathname: '/service' })]);
});
afterEach(() => sessionStorage.clear());

const TOKEN = 'session-token-of-the-test';
const COLLET = '5b0c6a52-0000-4000-8000-0000000000c1';

const MACHINE: MyMachineResponse = {
  installation: {
    serial: 'KPM2201/7',
    model: 'NP-38 Capstan Lathe',
    machineId: '5b0c6a52-0000-4000-8000-000000000001',
    commissionedOn: '2025-04-10',
    warrantyEndsOn: '2027-04-09',
    underWarranty: true,
    company: 'Sri Murugan Engineering',
  },
  amc: {
    startsOn: '2026-01-01',
    endsOn: '2026-12-31',
    status: 'active',
    visitsIncluded: 4,
    visitsDone: 1,
    visitsLeft: 3,
  },
  serviceRequests: [
    {
      reference: 'SR-2026-00017',
      status: 'scheduled',
      symptom: 'Spindle stops after a minute.',
      machineDown: true,
      createdAt: '2026-11-20T04:30:00.000Z',
      visitOn: '2026-11-30',
      closedAt: null,
      reportUrl: null,
    },
    {
      reference: 'SR-2026-00011',
      status: 'closed',
      symptom: 'Coolant pump noisy.',
      machineDown: false,
      createdAt: '2026-06-02T04:30:00.000Z',
      visitOn: '2026-06-04',
      closedAt: '2026-06-05T10:00:00.000Z',
      reportUrl: '/api/my-machine/reports/SR-2026-00011.pdf',
    },
  ],
  partsThatFit: [{ id: COLLET, code: 'SC-25', name: 'Spring Collet 25 mm', price: 125000 }],
};

interface Calls {
  codes: unknown[];
  sessions: unknown[];
  reads: { lang: string | null; authorization: string | null }[];
  signOuts: (string | null)[];
}

/** My machine's API as task D's contract has it; `machine` answers GET /api/my-machine. */
function useMyMachineApi({
  machine = () => HttpResponse.json(MACHINE),
  session,
  code,
}: {
  machine?: () => Response;
  session?: () => Response;
  code?: () => Response;
} = {}): Calls {
  const calls: Calls = { codes: [], sessions: [], reads: [], signOuts: [] };
  server.use(
    http.post(`${MY_MACHINE_URL}/code`, async ({ request }) => {
      calls.codes.push(await request.json());
      return code ? code() : HttpResponse.json({ message: MY_MACHINE_CODE_SENT_MESSAGE }, { status: 202 });
    }),
    http.post(`${MY_MACHINE_URL}/session`, async ({ request }) => {
      const body = (await request.json()) as { code: string };
      calls.sessions.push(body);
      if (session) return session();
      return body.code === '123456'
        ? HttpResponse.json({ token: TOKEN, expiresAt: new Date(Date.now() + 86_400_000).toISOString() })
        : HttpResponse.json({ message: MY_MACHINE_CODE_WRONG_MESSAGE }, { status: 401 });
    }),
    http.get(MY_MACHINE_URL, ({ request }) => {
      calls.reads.push({
        lang: new URL(request.url).searchParams.get('lang'),
        authorization: request.headers.get('authorization'),
      });
      return machine();
    }),
    http.post(`${MY_MACHINE_URL}/sign-out`, ({ request }) => {
      calls.signOuts.push(request.headers.get('authorization'));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

function renderAt(url: string, locale: Locale = 'en') {
  const router = createMemoryRouter(routes, {
    initialEntries: [locale === 'en' ? url : `/${locale}${url}`],
    ...(locale === 'en' ? {} : { basename: `/${locale}` }),
  });
  render(
    <AppProvider queryClient={createQueryClient()} translator={translatorFor(locale)}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

const user = () => userEvent.setup({ delay: null });

async function askForCode(u: ReturnType<typeof user>) {
  await u.type(await screen.findByLabelText(/^Serial number/), 'kpm 2201/7');
  await u.type(screen.getByLabelText(/^Phone number/), '98430 12345');
  await u.click(screen.getByRole('button', { name: 'Email me a code' }));
}

describe('/my-machine', () => {
  it('serial and phone, then the emailed code, then the machine with its warranty, AMC, requests and parts', async () => {
    const calls = useMyMachineApi();
    renderAt('/my-machine');
    const u = user();
    await askForCode(u);

    expect(await screen.findByText(/we have emailed a 6-digit code to the address on record/)).toBeInTheDocument();
    expect(calls.codes).toEqual([{ serial: 'KPM2201/7', phone: '98430 12345', locale: 'en' }]);
    const code = screen.getByLabelText(/^6-digit code/);
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await u.type(code, '123456');
    await u.click(screen.getByRole('button', { name: 'Open my machine' }));

    expect(await screen.findByRole('heading', { name: 'NP-38 Capstan Lathe' })).toBeInTheDocument();
    expect(calls.sessions).toEqual([{ serial: 'KPM2201/7', phone: '98430 12345', code: '123456' }]);
    expect(calls.reads).toEqual([{ lang: 'en', authorization: `Bearer ${TOKEN}` }]);
    expect(readMyMachineSession()?.token).toBe(TOKEN);

    expect(screen.getByText('Under warranty')).toBeInTheDocument();
    expect(screen.getByText('Until 9 Apr 2027')).toBeInTheDocument();
    expect(screen.getByText('Commissioned on 10 Apr 2025')).toBeInTheDocument();
    expect(screen.getByText('3 visits left of 4')).toBeInTheDocument();
    const open = screen.getByText('SR-2026-00017').closest('li')!;
    expect(open).toHaveTextContent('Visit scheduled');
    expect(open).toHaveTextContent('Machine down');
    expect(open).toHaveTextContent('Visit on 30 Nov 2026');
    const closed = screen.getByText('SR-2026-00011').closest('li')!;
    expect(closed).toHaveTextContent('Closed');
    expect(within(closed).getByRole('button', { name: 'Service report of SR-2026-00011 (PDF)' })).toBeInTheDocument();
    expect(within(open).queryByRole('button', { name: /Service report/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Request service for this machine' })).toHaveAttribute(
      'href',
      '/service?serial=KPM2201%2F7',
    );

    // Digits grouped the Indian way.
    const part = screen.getByRole('link', { name: 'Spring Collet 25 mm' }).closest('li')!;
    expect(part).toHaveTextContent('Part no. SC-25 · ₹1,25,000');
    await u.click(within(part).getByRole('button', { name: 'Add to quote: Spring Collet 25 mm' }));
    expect(readQuoteList()).toEqual([{ id: COLLET, quantity: 1 }]);
  });

  it('opens straight on the machine while this tab keeps a session, in the page language', async () => {
    keepMyMachineSession(TOKEN, new Date(Date.now() + 3_600_000).toISOString());
    const calls = useMyMachineApi();
    renderAt('/my-machine', 'ta');
    expect(await screen.findByRole('heading', { name: 'NP-38 Capstan Lathe' })).toBeInTheDocument();
    expect(calls.reads).toEqual([{ lang: 'ta', authorization: `Bearer ${TOKEN}` }]);
    expect(screen.getByText('SR-2026-00017').closest('li')).toHaveTextContent('விசிட் திட்டமிடப்பட்டது');
    expect(screen.getByText('SR-2026-00011').closest('li')).toHaveTextContent('முடிக்கப்பட்டது');
    expect(screen.getByText('வாரண்டியில் உள்ளது')).toBeInTheDocument();
  });

  it('says a wrong code in the page language, the same for every reason, and lets the buyer try again', async () => {
    const calls = useMyMachineApi();
    renderAt('/my-machine', 'hi');
    const u = user();
    await u.type(await screen.findByLabelText(/^सीरियल नंबर/), 'KPM2201/7');
    await u.type(screen.getByLabelText(/^फ़ोन नंबर/), '9843012345');
    await u.click(screen.getByRole('button', { name: 'मुझे ईमेल पर कोड भेजें' }));
    await u.type(await screen.findByLabelText(/^6 अंकों का कोड/), '654321');
    await u.click(screen.getByRole('button', { name: 'मेरी मशीन खोलें' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'यह कोड सही नहीं है या इसकी समय-सीमा ख़त्म हो गई है। नया कोड मँगाएँ।',
    );
    expect(readMyMachineSession()).toBeNull();
    await u.click(screen.getByRole('button', { name: 'नया कोड भेजें' }));
    await waitFor(() => expect(calls.codes).toHaveLength(2));
    expect(calls.codes[1]).toEqual({ serial: 'KPM2201/7', phone: '9843012345', locale: 'hi' });
  });

  it('checks the code is six digits before asking the server', async () => {
    const calls = useMyMachineApi();
    renderAt('/my-machine');
    const u = user();
    await askForCode(u);
    await u.type(await screen.findByLabelText(/^6-digit code/), '12ab');
    await u.click(screen.getByRole('button', { name: 'Open my machine' }));
    expect(await screen.findByText('Enter the 6-digit code from the email')).toBeInTheDocument();
    expect(calls.sessions).toEqual([]);
  });

  it('says when to try again when the code requests are throttled', async () => {
    useMyMachineApi({
      code: () =>
        new HttpResponse(JSON.stringify({ message: 'Too many attempts' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '900' },
        }),
    });
    renderAt('/my-machine');
    const u = user();
    await askForCode(u);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Too many tries\. Please try again after .+\.$/);
    expect(screen.queryByLabelText(/^6-digit code/)).toBeNull();
  });

  it('goes back to the first step, saying so, when the session has ended', async () => {
    keepMyMachineSession(TOKEN, new Date(Date.now() + 3_600_000).toISOString());
    useMyMachineApi({ machine: () => HttpResponse.json({ message: 'Your session has ended' }, { status: 401 }) });
    renderAt('/my-machine');
    expect(
      await screen.findByText('Your session has ended. Ask for a new code to see your machine again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Email me a code' })).toBeEnabled();
    expect(readMyMachineSession()).toBeNull();
  });

  it('signs out: the server forgets the session and so does the tab', async () => {
    keepMyMachineSession(TOKEN, new Date(Date.now() + 3_600_000).toISOString());
    const calls = useMyMachineApi();
    renderAt('/my-machine');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('You have signed out.')).toBeInTheDocument();
    await waitFor(() => expect(calls.signOuts).toEqual([`Bearer ${TOKEN}`]));
    expect(readMyMachineSession()).toBeNull();
  });

  it('opens a report as a PDF fetched with the session, not as a plain link', async () => {
    keepMyMachineSession(TOKEN, new Date(Date.now() + 3_600_000).toISOString());
    useMyMachineApi();
    const asked: (string | null)[] = [];
    server.use(
      http.get(`${MY_MACHINE_URL}/reports/SR-2026-00011.pdf`, ({ request }) => {
        asked.push(request.headers.get('authorization'));
        return new HttpResponse('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    const tab = { location: { href: '' }, close: vi.fn() };
    const openTab = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() }));
    renderAt('/my-machine');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Service report of SR-2026-00011 (PDF)' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:report'));
    expect(openTab).toHaveBeenCalledWith('', '_blank');
    expect(asked).toEqual([`Bearer ${TOKEN}`]);
  });
});
