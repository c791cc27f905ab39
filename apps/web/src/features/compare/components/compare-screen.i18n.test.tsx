import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Locale, Machine } from '@capstan/shared';
import { routes } from '@/app/router';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { buildMachine } from '@/testing/fixtures';
import { translatorFor } from '@/testing/locale';
import { server } from '@/testing/mocks/server';
import '@/testing/test-utils';

/** The compare page in Tamil and Hindi: interface words translated, machine names and specifications as they are. */

const np38 = buildMachine({
  name: 'Capstan Lathe NP-38',
  price: 650_000,
  specificationList: [
    { key: 'Bar capacity', value: '', number: 38, unit: 'mm' },
    { key: 'Drive', value: 'All geared' },
  ],
});
const ktc = buildMachine({
  name: 'Kovai Turning Centre',
  price: null,
  specificationList: [
    { key: 'Bar capacity', value: '', number: 2.5, unit: 'inch' },
    { key: 'Drive', value: 'All geared' },
  ],
});
const missing = '00000000-0000-4000-8000-999999999999';

function serve(machines: Machine[]) {
  server.use(
    http.get('/api/machine-categories', () => HttpResponse.json([])),
    http.get('/api/products/:id', ({ params }) => {
      const found = machines.find((machine) => machine.id === params.id);
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'Machine not found' }, { status: 404 });
    }),
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

describe('compare page in Tamil', () => {
  it('labels the table in Tamil and keeps the machines’ own texts', async () => {
    serve([np38, ktc]);
    renderIn('ta', `/compare?ids=${np38.id},${ktc.id},${missing}`);
    await screen.findByRole('columnheader', { name: /Kovai Turning Centre/ });

    expect(screen.getByRole('heading', { level: 1, name: 'மெஷின்களை ஒப்பிடுங்கள்' })).toBeInTheDocument();
    expect(screen.getByText('இந்த லிங்கில் உள்ள ஒரு மெஷின் இப்போது கேட்டலாக்கில் இல்லை.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'வேறுபாடுகளை மட்டும் காட்டு' })).toBeInTheDocument();
    expect(screen.getAllByRole('rowheader', { name: /^விலை/ })).not.toHaveLength(0);
    expect(screen.getAllByText('விலைக்குத் தொடர்புகொள்ளவும்')).not.toHaveLength(0);
    expect(screen.getAllByRole('rowheader', { name: /^Bar capacity/ })[0]).toHaveTextContent('வேறுபடுகிறது');
    expect(screen.getByText('உள்ளிட்டது: 2.5 inch')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kovai Turning Centre-ஐ ஒப்பீட்டிலிருந்து நீக்கு' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'விலைப்புள்ளி கேளுங்கள்: Capstan Lathe NP-38' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Capstan Lathe NP-38 vs Kovai Turning Centre ஒப்பீடு/));

    expect(screen.queryByText('Compare machines')).not.toBeInTheDocument();
    expect(screen.queryByText('Show only differences')).not.toBeInTheDocument();
    expect(screen.queryByText(/differs/)).not.toBeInTheDocument();
  });
});

describe('compare page in Hindi', () => {
  it('labels the table in Hindi', async () => {
    serve([np38, ktc]);
    renderIn('hi', `/compare?ids=${np38.id},${ktc.id}`);
    await screen.findByRole('columnheader', { name: /Kovai Turning Centre/ });
    expect(screen.getByRole('heading', { level: 1, name: 'मशीनों की तुलना करें' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'सिर्फ़ अंतर दिखाएँ' })).toBeInTheDocument();
    expect(screen.getAllByRole('rowheader', { name: /^ब्रांड/ })).not.toHaveLength(0);
    expect(screen.getByRole('region', { name: 'तुलना तालिका, दाएँ-बाएँ स्क्रॉल होती है' })).toBeInTheDocument();
    expect(screen.queryByText('Request Quote')).not.toBeInTheDocument();
  });

  it('says in Hindi how to start when there is nothing to compare', async () => {
    serve([]);
    renderIn('hi', '/compare');
    expect(await screen.findByText(/तुलना के लिए अभी कोई मशीन नहीं चुनी गई है/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'मशीनें देखें' })).toHaveAttribute('href', '/products');
    expect(screen.queryByText(/No machines to compare yet/)).not.toBeInTheDocument();
  });
});
