import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Locale, StaffRole, TranslationGaps } from '@capstan/shared';
import { paths, routePatterns } from '@/config/paths';
import { invalidateCatalogue } from '@/lib/catalogue-cache';
import { buildMachine, buildService, buildSparePart } from '@/testing/fixtures';
import { inAdminLocale } from '@/testing/locale';
import { pendingReviewsHandler } from '@/testing/mocks/admin-reviews';
import { meHandler } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { pagedListHandler } from '../testing/list-api';
import { translationGaps, translationGapsHandler } from '../testing/translation-gaps-api';
import { ProductManagementScreen } from './product-management-screen';
import { findModalDialog } from '@/testing/find-dialog';

const machines = [
  buildMachine({ id: 'm-1', name: 'Capstan CL-25', translations: { ta: { name: 'கேப்ஸ்டன் CL-25' } } }),
  buildMachine({ id: 'm-2', name: 'Turret TL-9', translations: {} }),
  buildMachine({
    id: 'm-3',
    name: 'CNC TC-20',
    translations: { ta: { name: 'சிஎன்சி TC-20' }, hi: { name: 'सीएनसी TC-20' } },
  }),
];

const GAPS = translationGaps({
  machine: {
    total: 12,
    lacking: {
      ta: { name: 3, description: 0, features: 0, specifications: 0 },
      hi: { name: 0, description: 5, features: 0, specifications: 0 },
    },
  },
  spare: {
    total: 4,
    lacking: { ta: { name: 1, description: 0, specifications: 0 }, hi: { name: 0, description: 0, specifications: 1 } },
  },
});

beforeEach(() => {
  localStorage.setItem('adminToken', 'token-1');
  server.use(
    pendingReviewsHandler(),
    pagedListHandler('/api/products', machines),
    pagedListHandler('/api/spareparts', [buildSparePart({ id: 'p-1', name: 'Collet 20' })]),
    pagedListHandler('/api/services', [buildService({ id: 's-1', name: 'Installation', translations: {} })]),
  );
});

function renderScreen({ role = 'owner', locale }: { role?: StaffRole; locale?: Locale } = {}) {
  server.use(meHandler(role));
  return renderWithProviders(
    <Routes>
      <Route path={routePatterns.admin.products} element={<ProductManagementScreen />} />
    </Routes>,
    { url: paths.admin.products, ...(locale ? { wrapper: inAdminLocale(locale) } : {}) },
  );
}

const notice = () => screen.findByTestId('translation-gaps');
const card = (name: string) =>
  screen.getByRole('heading', { name }).closest<HTMLElement>('[data-testid="admin-product-card"]')!;

describe('what is left to translate, on the products screen', () => {
  it('says the current kind’s non-zero counts, in plurals, and nothing for a kind all translated', async () => {
    server.use(translationGapsHandler(GAPS));
    const user = userEvent.setup({ delay: null });
    renderScreen();
    expect(await notice()).toHaveTextContent('3 machines lack a Tamil name · 5 lack a Hindi description');

    await user.click(screen.getByRole('tab', { name: 'Spare Parts' }));
    expect(await notice()).toHaveTextContent('1 spare part lacks a Tamil name · 1 lacks Hindi specification names');

    await user.click(screen.getByRole('tab', { name: 'Services' }));
    expect(await screen.findByText('Installation')).toBeInTheDocument();
    expect(screen.queryByTestId('translation-gaps')).not.toBeInTheDocument();
  });

  it('asks again after a catalogue write, so a save’s translation shows at once', async () => {
    const calls = { count: 0 };
    let gaps: TranslationGaps = GAPS;
    server.use(
      translationGapsHandler(() => gaps, calls),
      http.delete('/api/products/:id', () => new HttpResponse(null, { status: 204 })),
    );
    const user = userEvent.setup({ delay: null });
    const { queryClient } = renderScreen();
    expect(await notice()).toHaveTextContent('3 machines lack a Tamil name');
    expect(calls.count).toBe(1);

    // What every item form's save does on success.
    gaps = translationGaps({
      machine: { total: 12, lacking: { ...GAPS.machine.lacking, ta: { ...GAPS.machine.lacking.ta, name: 2 } } },
    });
    await act(() => invalidateCatalogue(queryClient));
    await waitFor(() =>
      expect(screen.getByTestId('translation-gaps')).toHaveTextContent(/^2 machines lack a Tamil name/),
    );

    gaps = translationGaps();
    await user.click(screen.getByRole('button', { name: 'Delete Turret TL-9' }));
    await user.click(within(await findModalDialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('translation-gaps')).not.toBeInTheDocument());
    expect(calls.count).toBe(3);
  });

  it('marks the cards whose name is not translated, and not an entry that carries no translations', async () => {
    server.use(translationGapsHandler());
    const user = userEvent.setup({ delay: null });
    renderScreen();
    expect(await screen.findByText('Turret TL-9')).toBeInTheDocument();
    expect(within(card('Capstan CL-25')).getByText('No Hindi')).toHaveAttribute('title', 'No Hindi name yet');
    expect(within(card('Capstan CL-25')).queryByText('No Tamil')).not.toBeInTheDocument();
    expect(within(card('Turret TL-9')).getByText('No Tamil')).toBeInTheDocument();
    expect(within(card('Turret TL-9')).getByText('No Hindi')).toBeInTheDocument();
    expect(within(card('CNC TC-20')).queryByText(/^No /)).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Spare Parts' }));
    expect(await screen.findByText('Collet 20')).toBeInTheDocument();
    expect(screen.queryByText(/^No (Tamil|Hindi)$/)).not.toBeInTheDocument();
  });

  it('shows sales, who cannot translate, neither the notice nor the marks, and does not ask', async () => {
    const calls = { count: 0 };
    server.use(translationGapsHandler(GAPS, calls));
    renderScreen({ role: 'sales' });
    expect(await screen.findByText('Your role can see the catalogue but not change it.')).toBeInTheDocument();
    expect(await screen.findByText('Turret TL-9')).toBeInTheDocument();
    expect(screen.queryByText('No Tamil')).not.toBeInTheDocument();
    expect(screen.queryByTestId('translation-gaps')).not.toBeInTheDocument();
    expect(calls.count).toBe(0);
  });

  it.each([
    ['ta', '3 மெஷின்களுக்கு தமிழ்ப் பெயர் இல்லை · 5-க்கு இந்தி விளக்கம் இல்லை', ['இந்தி இல்லை', 'தமிழ் இல்லை']],
    ['hi', '3 मशीनों में तमिल नाम नहीं · 5 में हिन्दी विवरण नहीं', ['हिन्दी नहीं', 'तमिल नहीं']],
  ] as const)('speaks %s', async (locale, text, [noHindi, noTamil]) => {
    server.use(translationGapsHandler(GAPS));
    renderScreen({ locale });
    expect(await notice()).toHaveTextContent(text);
    expect(await screen.findByText('Turret TL-9')).toBeInTheDocument();
    expect(within(card('Capstan CL-25')).getByText(noHindi)).toBeInTheDocument();
    expect(within(card('Turret TL-9')).getByText(noTamil)).toBeInTheDocument();
    expect(screen.queryByText(/lack|No Tamil/)).not.toBeInTheDocument();
  });
});
