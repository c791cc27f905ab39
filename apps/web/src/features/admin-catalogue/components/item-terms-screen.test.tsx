import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ITEM_TERMS, ITEM_TERMS_URL, type ItemTermsDefaults, TERMS_MESSAGES } from '@capstan/shared';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { ITEM_TERMS_TEXT, ItemTermsScreen } from './item-terms-screen';

const STORED: ItemTermsDefaults = { ...DEFAULT_ITEM_TERMS, updatedAt: '2026-11-24T00:00:00.000Z' };

function termsApi() {
  const puts: unknown[] = [];
  server.use(
    http.get(ITEM_TERMS_URL, () => HttpResponse.json(STORED)),
    http.put(ITEM_TERMS_URL, async ({ request }) => {
      const body = (await request.json()) as ItemTermsDefaults;
      puts.push(body);
      return HttpResponse.json({ ...body, updatedAt: '2026-11-26T08:00:00.000Z' });
    }),
  );
  return puts;
}

beforeEach(() => localStorage.setItem('adminToken', 'token-1'));

describe('Catalogue → Delivery and warranty', () => {
  it('shows each kind’s defaults as the pages word them, and saves a change with the version it read', async () => {
    const puts = termsApi();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ItemTermsScreen />);
    const machines = within(await screen.findByRole('group', { name: ITEM_TERMS_TEXT.kinds.machine }));
    const parts = within(screen.getByRole('group', { name: ITEM_TERMS_TEXT.kinds.spare }));
    expect(machines.getByText('Made to order: 4-6 weeks. 24-month warranty.')).toBeInTheDocument();
    expect(parts.getByText('In stock. 12-month warranty.')).toBeInTheDocument();
    // In stock takes no lead time.
    expect(parts.queryByLabelText(ITEM_TERMS_TEXT.from)).not.toBeInTheDocument();

    await user.clear(machines.getByLabelText(ITEM_TERMS_TEXT.to));
    await user.type(machines.getByLabelText(ITEM_TERMS_TEXT.to), '8');
    await user.clear(parts.getByLabelText(ITEM_TERMS_TEXT.warranty));
    await user.type(parts.getByLabelText(ITEM_TERMS_TEXT.warranty), '6');
    expect(machines.getByText('Made to order: 4-8 weeks. 24-month warranty.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ITEM_TERMS_TEXT.save }));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      machine: { availability: 'made_to_order', leadTimeWeeks: { min: 4, max: 8 }, warrantyMonths: 24 },
      spare: { availability: 'in_stock', leadTimeWeeks: null, warrantyMonths: 6 },
      updatedAt: STORED.updatedAt,
    });
  });

  it('refuses a lead time that ends before it starts, says why, and sends nothing', async () => {
    const puts = termsApi();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ItemTermsScreen />);
    const machines = within(await screen.findByRole('group', { name: ITEM_TERMS_TEXT.kinds.machine }));
    await user.clear(machines.getByLabelText(ITEM_TERMS_TEXT.from));
    await user.type(machines.getByLabelText(ITEM_TERMS_TEXT.from), '9');
    await user.click(screen.getByRole('button', { name: ITEM_TERMS_TEXT.save }));
    expect(screen.getByRole('alert')).toHaveTextContent(`Machines: ${TERMS_MESSAGES.leadTimeOrder}`);
    expect(puts).toHaveLength(0);
  });
});
