import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FAVOURITES_STORAGE_KEY, type Locale } from '@capstan/shared';
import { routes } from '@/app/router';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { buildMachine, buildService, buildSparePart } from '@/testing/fixtures';
import { inLocale, translatorFor } from '@/testing/locale';
import { server } from '@/testing/mocks/server';
// Also loads the public pages' lazy routes, as the app's own renders do.
import { renderWithProviders } from '@/testing/test-utils';
import { CatalogueCard } from './catalogue-card';
import { catalogueApi, type CatalogueLists } from '../testing/catalogue-api';
import { toCatalogueItem } from '../lib/catalogue-items';

function useCatalogueApi(lists: CatalogueLists) {
  server.use(...catalogueApi(lists).handlers);
}

/** The app at `/{locale}{url}`, as a Tamil or Hindi page is served: the router's basename is the language. */
function renderInLocale(locale: Exclude<Locale, 'en'>, url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [`/${locale}${url}`], basename: `/${locale}` });
  render(
    <AppProvider queryClient={createQueryClient()} translator={translatorFor(locale)}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

const pagination = () => screen.getByRole('navigation', { name: /^(பக்கங்கள்|पेज)$/ });

describe('the catalogue in Tamil', () => {
  it('speaks Tamil and links to Tamil pages', async () => {
    const lathe = buildMachine({ name: 'Capstan Lathe CL-25', price: null });
    useCatalogueApi({
      machines: [lathe, buildMachine({ name: 'CNC Turning Centre' })],
      spares: [buildSparePart({ name: 'Collet' })],
    });
    const user = userEvent.setup({ delay: null });
    renderInLocale('ta', '/products');

    expect(await screen.findByText('மொத்தம் 2 மெஷின்களில் 1–2 காட்டப்படுகின்றன')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'தயாரிப்புப் பட்டியல்' })).toBeInTheDocument();
    expect(screen.queryByText('Product Catalogue')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    expect(screen.getByText('பட்டியலில் உள்ள மெஷின்கள்', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'மெஷின்களைத் தேடுங்கள்' })).toHaveAttribute(
      'placeholder',
      'மெஷின்களைத் தேடுங்கள்...',
    );
    expect(screen.getAllByText('விலைக்குத் தொடர்புகொள்ளவும்')).not.toHaveLength(0);
    expect(screen.queryByText('Price on request')).not.toBeInTheDocument();

    // The tabs are router links, inside the language's basename.
    const sidebar = screen.getByRole('navigation', { name: 'பட்டியல் பிரிவுகள்' });
    expect(within(sidebar).getByRole('link', { name: /^உதிரி பாகங்கள்,\s*1$/ })).toHaveAttribute(
      'href',
      '/ta/products?tab=spares',
    );
    // The cards' plain links carry the language too.
    expect(screen.getByRole('link', { name: 'விவரங்கள்: Capstan Lathe CL-25' })).toHaveAttribute(
      'href',
      `/ta/product/${lathe.id}`,
    );
    expect(screen.getByRole('link', { name: 'விலைப்புள்ளி கேளுங்கள்: Capstan Lathe CL-25' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/ta\/\?service=/),
    );
    expect(screen.getByRole('search')).toHaveAttribute('action', '/ta/products');

    // The filters toggle and the filter form, which also work without the app.
    const toggle = screen.getByRole('button', { name: 'ஃபில்டர்கள்' });
    expect(toggle).toHaveAttribute('href', '/ta/products?filters=open');
    await user.click(toggle);
    const form = await screen.findByRole('form', { name: 'ஃபில்டர்கள்' });
    expect(form).toHaveAttribute('action', '/ta/products');
    expect(within(form).getByLabelText('வரிசைப்படுத்து')).toBeInTheDocument();
    expect(within(form).getByRole('option', { name: 'விலை (குறைவு முதல் அதிகம்)' })).toBeInTheDocument();
    expect(await within(form).findByText('2 பொருட்கள் பொருந்துகின்றன')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'ஃபில்டர்களை நீக்கு' })).toBeDisabled();
  });

  it('translates the card on its own', () => {
    const item = toCatalogueItem('spares', buildSparePart({ name: 'Collet', price: 1850, featured: true }));
    renderWithProviders(<CatalogueCard item={item} view="list" favourite={false} onToggleFavourite={() => {}} />, {
      wrapper: inLocale('ta'),
    });
    expect(screen.getByRole('button', { name: 'பிடித்தது: Collet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'விலைப்புள்ளி: Collet' })).toHaveTextContent('விலைப்புள்ளி');
    expect(screen.queryByText('Quote')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'விவரங்கள்: Collet' })).toHaveAttribute('href', `/ta/product/${item.id}`);
  });
});

describe('the catalogue in Hindi', () => {
  const parts = Array.from({ length: 30 }, (_, index) =>
    buildSparePart({ name: `Part ${String(index + 1).padStart(2, '0')}` }),
  );

  it('counts, pages and searches in Hindi', async () => {
    useCatalogueApi({ machines: [buildMachine({ name: 'Capstan Lathe CL-25' })], spares: parts });
    const user = userEvent.setup({ delay: null });
    renderInLocale('hi', '/products?tab=spares');

    expect(await screen.findByText('कुल 30 स्पेयर पार्ट्स में से 1–24 दिखाए जा रहे हैं')).toBeInTheDocument();
    expect(screen.queryByText(/spare parts/)).not.toBeInTheDocument();
    expect(within(pagination()).getByRole('link', { name: 'पेज 2' })).toHaveAttribute(
      'href',
      '/hi/products?tab=spares&page=2',
    );
    expect(within(pagination()).getByRole('link', { name: 'अगला पेज' })).toHaveAttribute(
      'href',
      '/hi/products?tab=spares&page=2',
    );

    await user.type(screen.getByRole('searchbox', { name: 'स्पेयर पार्ट्स खोजें' }), 'zzz');
    expect(await screen.findByText('"zzz" के लिए कोई नतीजा नहीं मिला')).toBeInTheDocument();
    expect(screen.getByText('"zzz" से मेल खाते 0 स्पेयर पार्ट में से 0 दिखाया जा रहा है')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'यह पार्ट मँगवाएँ' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear Search' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'खोज हटाएँ' }));
    expect(await screen.findByText('कुल 30 स्पेयर पार्ट्स में से 1–24 दिखाए जा रहे हैं')).toBeInTheDocument();
  });

  it('shows the Favourites view in Hindi', async () => {
    const service = buildService({ name: 'Machine Installation' });
    useCatalogueApi({ services: [service] });
    localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify([service.id]));
    renderInLocale('hi', '/products?tab=favourites');

    expect(await screen.findByText('1 पसंदीदा')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'पसंदीदा' })).toBeInTheDocument();
    expect(screen.getByText('सिर्फ़ इसी ब्राउज़र में सेव है।')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'इन सबके लिए कोटेशन माँगें' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'पूरी जानकारी: Machine Installation' })).toHaveAttribute(
      'href',
      `/hi/product/${service.id}`,
    );
    expect(screen.queryByText('Favourites')).not.toBeInTheDocument();

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'पसंदीदा: Machine Installation' }));
    await waitFor(() => expect(screen.getByText('अभी कोई पसंदीदा नहीं है')).toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'मशीनें देखें' })).toHaveAttribute('href', '/hi/products');
  });
});
