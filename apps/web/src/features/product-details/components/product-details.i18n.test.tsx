import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Locale } from '@capstan/shared';
import { routes } from '@/app/router';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { buildMachine, buildSparePart } from '@/testing/fixtures';
import { translatorFor } from '@/testing/locale';
import { server } from '@/testing/mocks/server';
import '@/testing/test-utils';

/** The product page in Tamil and Hindi: its interface words translated, the item's own texts as they are. */

const notFound = () => HttpResponse.json({ message: 'Not found' }, { status: 404 });

function serve(kind: 'machine' | 'spare', value: object | null) {
  server.use(
    http.get('/api/products/:id', () => (value && kind === 'machine' ? HttpResponse.json(value) : notFound())),
    http.get('/api/services/:id', notFound),
    http.get('/api/spareparts/:id', () => (value && kind === 'spare' ? HttpResponse.json(value) : notFound())),
  );
}

function renderIn(locale: Locale, url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <AppProvider queryClient={createQueryClient()} translator={translatorFor(locale)}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

const machine = buildMachine({
  name: 'CNC Turning Centre KT-200',
  code: 'KT-200',
  rating: 4.5,
  reviewCount: 32,
  availability: { status: 'made_to_order', leadTimeWeeks: { min: 6, max: 8 }, isDefault: false },
  warranty: { months: 24, isDefault: true },
  price: 1000000,
  originalPrice: 1500000,
  features: ['Fanuc control'],
  images: ['https://img.test/1.jpg', 'https://img.test/2.jpg'],
  specificationList: [{ key: 'Swing over bed', value: '400 mm' }],
});

describe('product details in Tamil', () => {
  it('words the page in Tamil, leaves the machine’s own texts as the server sent them and links the Tamil spec sheet', async () => {
    serve('machine', machine);
    renderIn('ta', `/product/${machine.id}`);
    await screen.findByRole('heading', { level: 1, name: 'CNC Turning Centre KT-200' });

    expect(screen.getByRole('heading', { name: 'முக்கிய அம்சங்கள்' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'தொழில்நுட்ப விவரங்கள்' })).toBeInTheDocument();
    expect(screen.getByText('Fanuc control')).toBeInTheDocument();
    expect(screen.getByText('Swing over bed')).toBeInTheDocument();
    expect(screen.getByText(/மாடல் குறியீடு/)).toHaveTextContent('மாடல் குறியீடு: KT-200');
    expect(screen.getByText('4.5 (32 மதிப்புரைகள்)')).toBeInTheDocument();
    expect(screen.getByText('33% சேமிப்பு')).toBeInTheDocument();
    expect(screen.getByText('ஆர்டரின் பேரில் தயாரிப்பு: 6-8 வாரங்கள்')).toBeInTheDocument();
    expect(screen.getByText('24 மாத வாரண்டி')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'விலைப்புள்ளி கேளுங்கள்' })).toBeInTheDocument();
    // The sheet in the page's language (decision 073).
    expect(screen.getByRole('link', { name: 'ஸ்பெக் ஷீட் டவுன்லோட்' })).toHaveAttribute(
      'href',
      `/ta/product/${machine.id}/spec-sheet.pdf`,
    );
    expect(screen.getByRole('button', { name: 'அடுத்த படம்' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'CNC Turning Centre KT-200 – முன்பக்கத் தோற்றம்' })).toBeInTheDocument();

    expect(screen.queryByText('Key Features')).not.toBeInTheDocument();
    expect(screen.queryByText('Request Quote')).not.toBeInTheDocument();
    expect(screen.queryByText('24-month warranty')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next image' })).not.toBeInTheDocument();
  });

  it('names a spare part’s stock and the machines it fits in Tamil', async () => {
    const part = buildSparePart({
      name: 'Collet 20 mm',
      price: null,
      availability: { status: 'in_stock', leadTimeWeeks: null, isDefault: true },
      warranty: { months: 0, isDefault: true },
      images: [],
    });
    serve('spare', part);
    renderIn('ta', `/product/${part.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Collet 20 mm' });
    expect(screen.getByText('கையிருப்பில் உள்ளது')).toBeInTheDocument();
    expect(screen.getByText('வாரண்டி இல்லை')).toBeInTheDocument();
    expect(screen.getByText('விலைக்குத் தொடர்புகொள்ளவும்')).toBeInTheDocument();
    expect(screen.getByText('படம் இல்லை')).toBeInTheDocument();
    expect(screen.queryByText('In stock')).not.toBeInTheDocument();
    expect(screen.queryByText('Price on request')).not.toBeInTheDocument();
  });
});

describe('product details in Hindi', () => {
  it('words the page in Hindi', async () => {
    serve('machine', machine);
    renderIn('hi', `/product/${machine.id}`);
    await screen.findByRole('heading', { level: 1, name: 'CNC Turning Centre KT-200' });
    expect(screen.getByRole('heading', { name: 'मुख्य विशेषताएँ' })).toBeInTheDocument();
    expect(screen.getByText('ऑर्डर पर निर्माण: 6-8 हफ़्ते')).toBeInTheDocument();
    expect(screen.getByText('24 महीने की वारंटी')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'कोटेशन माँगें' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'वापस' })).toBeInTheDocument();
    expect(screen.queryByText('Technical Specifications')).not.toBeInTheDocument();
    expect(screen.queryByText('Made to order: 6-8 weeks')).not.toBeInTheDocument();
  });

  it('says in Hindi that a product was not found, in the page and its title', async () => {
    serve('machine', null);
    renderIn('hi', '/product/unknown');
    expect(await screen.findByText('प्रोडक्ट नहीं मिला')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'वापस जाएँ' })).toBeInTheDocument();
    expect(screen.queryByText('Product not found')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^प्रोडक्ट नहीं मिला \|/));
  });
});

describe('the item’s own texts in the page’s language (decision 072)', () => {
  it('asks the server for the Tamil texts on a Tamil page and shows them', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/products/:id', ({ request }) => {
        asked.push(new URL(request.url).search);
        const lang = new URL(request.url).searchParams.get('lang');
        return HttpResponse.json(
          lang === 'ta'
            ? {
                ...machine,
                name: 'CNC டர்னிங் சென்டர் KT-200',
                specificationList: [{ key: 'படுக்கைக்கு மேல் சுழல்', value: '400 mm' }],
              }
            : machine,
        );
      }),
    );
    renderIn('ta', `/product/${machine.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'CNC டர்னிங் சென்டர் KT-200' })).toBeInTheDocument();
    expect(screen.getByText('படுக்கைக்கு மேல் சுழல்')).toBeInTheDocument();
    expect(asked).toEqual(['?lang=ta']);
  });

  it('asks for English on an English page, with no language in the address', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/products/:id', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(machine);
      }),
    );
    renderIn('en', `/product/${machine.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: machine.name })).toBeInTheDocument();
    expect(asked).toEqual(['']);
  });
});
