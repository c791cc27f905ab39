import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_TOKEN_STORAGE_KEY,
  ADMIN_USER_STORAGE_KEY,
  type Review,
  type ReviewList,
  type ReviewStatus,
  REVIEW_STATUSES,
  TOTAL_COUNT_HEADER,
} from '@capstan/shared';
import { adminStatsHandler } from '@/testing/mocks/admin-stats';
import { meHandler } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { inAdminLocale } from '@/testing/locale';
import { renderApp, renderWithProviders } from '@/testing/test-utils';
import { AdminReviews } from './admin-reviews';

function review(overrides: Partial<Review>): Review {
  return {
    id: 'r1',
    rating: 5,
    text: 'Accurate machines and a prompt service team.',
    name: 'Meena Sundaram',
    position: 'Production Manager',
    company: 'Sundaram Auto Components',
    item: null,
    status: 'pending',
    createdAt: '2026-11-20T09:30:00.000Z',
    updatedAt: '2026-11-20T09:30:00.000Z',
    ...overrides,
  };
}

// Signed in as an owner, who may manage reviews.
beforeEach(() => {
  server.use(meHandler());
});

const PENDING = review({
  id: 'r2',
  name: 'Karthik R',
  text: 'Excelent lathes <script>alert(1)</script>\nand <img src=x onerror=alert(1)> support.',
  rating: 4,
  position: null,
  company: null,
});
const APPROVED = review({ id: 'r1', status: 'approved', updatedAt: '2026-11-21T10:00:00.000Z' });
const REJECTED = review({
  id: 'r3',
  name: 'Spam Bot',
  status: 'rejected',
  text: 'Buy cheap watches at example.com now!',
});

function signIn() {
  localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, 'token-abc');
  localStorage.setItem(ADMIN_USER_STORAGE_KEY, JSON.stringify({ id: 'u1', email: 'a@example.com', username: 'ravi' }));
}

const LATHE = { id: '0b6f4b8e-8f5c-4d3a-9a51-3f0f4a1c2d01', name: 'Precision Capstan Lathe', code: 'NP-38' };
const TURNING = { id: '0b6f4b8e-8f5c-4d3a-9a51-3f0f4a1c2d02', name: 'CNC Turning Centre', code: 'TC-200' };
const MACHINES = [LATHE, TURNING];

/** A tiny in-memory server for the list (pending first, filtered, counted), the PUT and the machines to name. */
function reviewApi(initial: Review[], { conflict = false } = {}) {
  let list = initial.map((r) => ({ ...r }));
  const puts: { id: string; body: Record<string, unknown>; auth: string | null }[] = [];
  const gets: string[] = [];
  server.use(
    adminStatsHandler(),
    http.get('/api/admin/reviews', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status') as ReviewStatus | null;
      gets.push(status ?? 'all');
      const rank = (r: Review) => (r.status === 'pending' ? 0 : 1);
      const shown = status ? list.filter((r) => r.status === status) : [...list].sort((a, b) => rank(a) - rank(b));
      const counts = Object.fromEntries(
        REVIEW_STATUSES.map((s) => [s, list.filter((r) => r.status === s).length]),
      ) as ReviewList['counts'];
      return HttpResponse.json({ reviews: shown, counts } satisfies ReviewList);
    }),
    http.put('/api/admin/reviews/:id', async ({ params, request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      puts.push({ id: String(params.id), body, auth: request.headers.get('Authorization') });
      if (conflict) {
        return HttpResponse.json(
          { message: 'This review was changed by someone else — reload to see the latest version.' },
          { status: 409 },
        );
      }
      const { expectedUpdatedAt: _version, itemId, ...changes } = body;
      const item = itemId === undefined ? {} : { item: MACHINES.find((machine) => machine.id === itemId) ?? null };
      list = list.map((r) =>
        r.id === params.id ? ({ ...r, ...changes, ...item, updatedAt: new Date().toISOString() } as Review) : r,
      );
      return HttpResponse.json(list.find((r) => r.id === params.id));
    }),
    http.get('/api/products', () =>
      HttpResponse.json(MACHINES, { headers: { [TOTAL_COUNT_HEADER]: String(MACHINES.length) } }),
    ),
  );
  return { puts, gets };
}

const cards = () => within(screen.getByRole('list', { name: 'Reviews' })).getAllByRole('listitem');

describe('Site → Reviews', () => {
  it('lists pending reviews first with a count, and shows what visitors typed as text', async () => {
    signIn();
    reviewApi([APPROVED, REJECTED, PENDING]);
    renderApp('/admin/site/reviews');

    expect(await screen.findByRole('heading', { level: 1, name: 'Reviews' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Reviews' });
    const [first, second, third] = cards();
    expect(within(first!).getByRole('heading', { name: /Karthik R/ })).toHaveTextContent('Pending');
    expect(within(second!).getByRole('heading', { name: /Meena Sundaram/ })).toHaveTextContent('Approved');
    expect(within(third!).getByRole('heading', { name: /Spam Bot/ })).toHaveTextContent('Rejected');

    const text = within(first!).getByText(/Excelent lathes/);
    expect(text.textContent).toBe(
      'Excelent lathes <script>alert(1)</script>\nand <img src=x onerror=alert(1)> support.',
    );
    expect(text.querySelector('script, img')).toBeNull();
    expect(within(first!).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(within(second!).getByText('Production Manager, Sundaram Auto Components')).toBeInTheDocument();

    // Pending has its count on the filter and in the sidebar under Site.
    expect(screen.getByRole('button', { name: /Pending/ })).toHaveTextContent('1 waiting');
    const site = screen.getByRole('group', { name: 'Site' });
    await waitFor(() => expect(within(site).getByRole('link', { name: /Reviews/ })).toHaveTextContent('1 waiting'));
    // Only the decisions that change something are offered.
    expect(within(first!).getByRole('button', { name: /Approve/ })).toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(within(third!).queryByRole('button', { name: /Reject/ })).not.toBeInTheDocument();
  });

  it('approves a review with the copy it showed, and the counts follow', async () => {
    signIn();
    const { puts } = reviewApi([PENDING, APPROVED]);
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/site/reviews');

    await user.click(await screen.findByRole('button', { name: 'Approve the review by Karthik R' }));
    expect(await screen.findByText('Review approved')).toBeInTheDocument();
    expect(puts).toEqual([
      { id: 'r2', body: { status: 'approved', expectedUpdatedAt: PENDING.updatedAt }, auth: 'Bearer token-abc' },
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: /Pending/ })).not.toHaveTextContent('waiting'));
    const site = screen.getByRole('group', { name: 'Site' });
    await waitFor(() => expect(within(site).getByRole('link', { name: /Reviews/ })).not.toHaveTextContent('waiting'));
  });

  it('rejects a review', async () => {
    signIn();
    const { puts } = reviewApi([PENDING]);
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/site/reviews');

    await user.click(await screen.findByRole('button', { name: 'Reject the review by Karthik R' }));
    expect(await screen.findByText('Review rejected')).toBeInTheDocument();
    expect(puts[0]?.body).toEqual({ status: 'rejected', expectedUpdatedAt: PENDING.updatedAt });
    await waitFor(() => expect(within(cards()[0]!).getByRole('heading')).toHaveTextContent('Rejected'));
  });

  it('edits a review for typos, refusing a text that is too short with a message beside it', async () => {
    signIn();
    const { puts } = reviewApi([PENDING]);
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/site/reviews');

    await user.click(await screen.findByRole('button', { name: 'Edit the review by Karthik R' }));
    const form = screen.getByRole('form', { name: 'Edit the review by Karthik R' });
    const text = within(form).getByLabelText('Review');
    await user.clear(text);
    await user.type(text, 'Too short');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(text).toHaveAccessibleDescription('Please write at least 20 characters');
    expect(puts).toHaveLength(0);

    await user.clear(text);
    await user.type(text, 'Excellent lathes and support.');
    await user.type(within(form).getByLabelText('Company (optional)'), 'Karthik Engineering');
    const rating = within(form).getByRole('radiogroup', { name: 'Rating' });
    expect(within(rating).getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.click(within(rating).getByRole('radio', { name: '5 stars' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Review saved')).toBeInTheDocument();
    expect(puts).toEqual([
      {
        id: 'r2',
        auth: 'Bearer token-abc',
        body: {
          rating: 5,
          text: 'Excellent lathes and support.',
          name: 'Karthik R',
          position: '',
          company: 'Karthik Engineering',
          expectedUpdatedAt: PENDING.updatedAt,
        },
      },
    ]);
    expect(await within(cards()[0]!).findByText('Excellent lathes and support.')).toBeInTheDocument();
    // Still pending: correcting a typo is not approving.
    expect(within(cards()[0]!).getByRole('heading')).toHaveTextContent('Pending');
  });

  it('sets the machine a review is about, then clears it, sending only that change', async () => {
    signIn();
    const { puts } = reviewApi([PENDING]);
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/site/reviews');

    await screen.findByRole('list', { name: 'Reviews' });
    expect(within(cards()[0]!).getByText('About the company (no machine named)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit the review by Karthik R' }));
    let form = screen.getByRole('form', { name: 'Edit the review by Karthik R' });
    const choice = within(form).getByLabelText('Machine it is about');
    expect(choice).toHaveValue('');
    await within(form).findByRole('option', { name: 'Precision Capstan Lathe (NP-38)' });
    expect([...(choice as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'None: about the company',
      'Precision Capstan Lathe (NP-38)',
      'CNC Turning Centre (TC-200)',
    ]);
    await user.selectOptions(choice, 'Precision Capstan Lathe (NP-38)');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Review saved')).toBeInTheDocument();
    expect(puts[0]?.body).toMatchObject({ itemId: LATHE.id, expectedUpdatedAt: PENDING.updatedAt });
    const card = cards()[0]!;
    expect(await within(card).findByRole('link', { name: 'Precision Capstan Lathe' })).toHaveAttribute(
      'href',
      `/product/${LATHE.id}`,
    );
    expect(within(card).getByText(/^About/)).toHaveTextContent('About Precision Capstan Lathe');

    await user.click(within(card).getByRole('button', { name: 'Edit the review by Karthik R' }));
    form = screen.getByRole('form', { name: 'Edit the review by Karthik R' });
    expect(within(form).getByLabelText('Machine it is about')).toHaveValue(LATHE.id);
    await user.selectOptions(within(form).getByLabelText('Machine it is about'), 'None: about the company');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]?.body).toMatchObject({ itemId: null });
    expect(await within(cards()[0]!).findByText('About the company (no machine named)')).toBeInTheDocument();
  });

  it('says so when someone else changed the review first', async () => {
    signIn();
    reviewApi([PENDING], { conflict: true });
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/site/reviews');

    await user.click(await screen.findByRole('button', { name: 'Approve the review by Karthik R' }));
    expect(await screen.findByText('The review was not changed')).toBeInTheDocument();
    expect(
      screen.getByText('This review was changed by someone else — reload to see the latest version.'),
    ).toBeInTheDocument();
  });

  it('filters by status', async () => {
    signIn();
    const { gets } = reviewApi([PENDING, APPROVED, REJECTED]);
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/site/reviews');

    await screen.findByRole('list', { name: 'Reviews' });
    expect(cards()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Approved' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(cards()[0]!).getByRole('heading', { name: /Meena Sundaram/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approved' })).toHaveAttribute('aria-pressed', 'true');
    expect(gets).toContain('approved');

    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
  });

  it('says so when there are none', async () => {
    signIn();
    reviewApi([APPROVED]);
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/site/reviews');
    await screen.findByRole('list', { name: 'Reviews' });
    await user.click(screen.getByRole('button', { name: /Rejected/ }));
    expect(await screen.findByText('No rejected reviews.')).toBeInTheDocument();
  });
});

describe('Site → Reviews in Tamil and Hindi', () => {
  it.each([
    {
      locale: 'ta',
      title: 'மதிப்புரைகள்',
      pending: 'நிலுவையில்',
      waiting: '2 காத்திருக்கின்றன',
      approve: 'Karthik R எழுதிய மதிப்புரையை அங்கீகரி',
      company: 'நிறுவனம் பற்றியது (எந்த மெஷினும் குறிப்பிடப்படவில்லை)',
      about: 'Precision Capstan Lathe பற்றியது',
      approvedFilter: 'அங்கீகரிக்கப்பட்டவை',
      noneApproved: 'அங்கீகரிக்கப்பட்ட மதிப்புரைகள் எதுவும் இல்லை.',
    },
    {
      locale: 'hi',
      title: 'रिव्यू',
      pending: 'पेंडिंग',
      waiting: '2 इंतज़ार में',
      approve: 'Karthik R का रिव्यू मंज़ूर करें',
      company: 'कंपनी के बारे में (किसी मशीन का नाम नहीं)',
      about: 'Precision Capstan Lathe के बारे में',
      approvedFilter: 'मंज़ूर',
      noneApproved: 'कोई मंज़ूर रिव्यू नहीं है।',
    },
  ] as const)('speaks $locale: filters, statuses, actions and the empty list', async (words) => {
    reviewApi([PENDING, review({ id: 'r4', name: 'Latha', item: LATHE })]);
    renderWithProviders(<AdminReviews />, { wrapper: inAdminLocale(words.locale) });
    const user = userEvent.setup({ delay: null });
    expect(screen.getByRole('heading', { level: 1, name: words.title })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: words.title });
    expect(within(list).getByRole('heading', { name: /Karthik R/ })).toHaveTextContent(words.pending);
    expect(screen.getByTestId('pending-reviews-count')).toHaveTextContent(words.waiting);
    expect(screen.getByRole('button', { name: words.approve })).toBeInTheDocument();
    expect(screen.getByText(words.company)).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent(words.about);
    expect(screen.queryByText('Pending')).toBeNull();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: words.approvedFilter }));
    expect(await screen.findByText(words.noneApproved)).toBeInTheDocument();
  });
});
