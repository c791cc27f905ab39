import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dehydrate, hydrate, type DehydratedState } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  catalogueItemsUrl,
  type CreateInquiryResponse,
  QUOTE_PAGE_LINES_PARAM,
  serializeQuoteList,
} from '@capstan/shared';
import { AppProvider } from '@/app/provider';
import { ROUTE_IDS, routes } from '@/app/router';
import { prefetchPage } from '@/app/ssr/prefetch-page';
import { createQueryClient } from '@/lib/query-client';
import { buildMachine, buildService, buildSparePart } from '@/testing/fixtures';
import { inLocale } from '@/testing/locale';
import { server } from '@/testing/mocks/server';
import { quoteItemsApi, quoteLines, setQuoteLines } from '@/testing/quote-list';
import { renderApp } from '@/testing/test-utils';
import { QuoteListPage } from './quote-list-page';

const lathe = buildMachine({ name: 'NP-38 Capstan Lathe', code: 'NP-38' });
const collet = buildSparePart({ name: 'Spring Collet 25 mm', code: 'SC-25' });
const install = buildService({ name: 'Machine Installation' });
/** An item deleted from the catalogue since it was put on the list. */
const GONE = '6f1c1f66-0000-4000-8000-00000000dead';
const catalogue = { machines: [lathe], spares: [collet], services: [install] };

function useQuoteApi() {
  const items = quoteItemsApi(catalogue);
  const sent: unknown[] = [];
  server.use(
    items.handler,
    http.post('/api/inquiries', async ({ request }) => {
      sent.push(await request.json());
      const answer: CreateInquiryResponse = {
        id: 'i1',
        reference: 'KPM-2026-00042',
        message: 'Inquiry received',
        items: [],
      };
      return HttpResponse.json(answer, { status: 201 });
    }),
  );
  return { requests: items.requests, sent };
}

const lineNamed = (name: string) => screen.getByRole('form', { name }).closest('li')!;

describe('the quote list page', () => {
  it('shows each line of the cookie with its picture, name, code, kind and quantity', async () => {
    useQuoteApi();
    setQuoteLines([
      { id: lathe.id, quantity: 2 },
      { id: collet.id, quantity: 40 },
      { id: install.id, quantity: 1 },
    ]);
    renderApp('/quote');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your quote list' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'NP-38 Capstan Lathe' })).toHaveAttribute(
      'href',
      `/product/${lathe.id}`,
    );
    const colletLine = lineNamed('Spring Collet 25 mm');
    expect(colletLine).toHaveTextContent('Spare part · SC-25');
    expect(within(colletLine).getByRole('spinbutton', { name: 'Quantity of Spring Collet 25 mm' })).toHaveValue(40);
    expect(lineNamed('Machine Installation')).toHaveTextContent('Service');
    expect(lineNamed('NP-38 Capstan Lathe')).toHaveTextContent('Machine · NP-38');
    expect(screen.getByText('(3 items)')).toBeInTheDocument();
    // The header counts the lines once the app runs.
    expect(screen.getByRole('link', { name: /^Quote list,\s*3 items$/ })).toHaveAttribute('aria-current', 'page');
  });

  it('changes a quantity and removes a line in place, in the cookie too', async () => {
    useQuoteApi();
    setQuoteLines([
      { id: lathe.id, quantity: 2 },
      { id: collet.id, quantity: 40 },
    ]);
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/quote');
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity of Spring Collet 25 mm' });
    await user.clear(quantity);
    await user.type(quantity, '25');
    await user.click(screen.getByRole('button', { name: 'Update the quantity of Spring Collet 25 mm' }));
    expect(quoteLines()).toEqual([
      { id: lathe.id, quantity: 2 },
      { id: collet.id, quantity: 25 },
    ]);
    expect(screen.getByText('Spring Collet 25 mm: the quantity is now 25.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove NP-38 Capstan Lathe from the quote list' }));
    expect(quoteLines()).toEqual([{ id: collet.id, quantity: 25 }]);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'NP-38 Capstan Lathe' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 2, name: /Items in your quote list/ })).toHaveFocus();
    expect(router.state.location.pathname).toBe('/quote');

    // A quantity that cannot be: the field says so (1 to 9,999), and nothing changes.
    const left = screen.getByRole('spinbutton', { name: 'Quantity of Spring Collet 25 mm' });
    await user.clear(left);
    await user.type(left, '0');
    await user.click(screen.getByRole('button', { name: 'Update the quantity of Spring Collet 25 mm' }));
    expect(left).toBeInvalid();
    expect(quoteLines()).toEqual([{ id: collet.id, quantity: 25 }]);
  });

  it('is a plain form per line, and a plain request form with the lines, for a visitor without the app', async () => {
    useQuoteApi();
    setQuoteLines([
      { id: lathe.id, quantity: 2 },
      { id: GONE, quantity: 1 },
      { id: collet.id, quantity: 40 },
    ]);
    renderApp('/quote');
    await screen.findByRole('link', { name: 'NP-38 Capstan Lathe' });
    const line = lineNamed('NP-38 Capstan Lathe');
    const lineForm = line.querySelector('form')!;
    expect(lineForm).toHaveAttribute('method', 'post');
    expect(lineForm).toHaveAttribute('action', '/quote/lines');
    expect(lineForm.querySelector('[name="id"]')).toHaveValue(lathe.id);
    expect(lineForm.querySelector('[name="back"]')).toHaveValue('/quote');
    const buttons = [...lineForm.querySelectorAll('button')].map((button) => [button.name, button.value, button.type]);
    expect(buttons).toEqual([
      ['action', 'set', 'submit'],
      ['action', 'remove', 'submit'],
    ]);

    const request = screen.getByRole('form', { name: 'Request your quotation' });
    expect(request).toHaveAttribute('method', 'post');
    expect(request).toHaveAttribute('action', '/contact');
    // The deleted item is left out of what is asked for.
    expect(request.querySelector('input[name="items"]')).toHaveValue(
      serializeQuoteList([
        { id: lathe.id, quantity: 2 },
        { id: collet.id, quantity: 40 },
      ]),
    );
    expect(request.querySelector('input[name="locale"]')).toHaveValue('en');
    expect(within(request).getByRole('textbox', { name: /Message/ })).toHaveValue(
      'Please send us your quotation for the items listed.',
    );
    // No service to choose: the lines say what it is about.
    expect(within(request).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('shows a deleted item as no longer in the catalogue, with only a Remove button', async () => {
    useQuoteApi();
    setQuoteLines([
      { id: GONE, quantity: 3 },
      { id: install.id, quantity: 1 },
    ]);
    const user = userEvent.setup({ delay: null });
    renderApp('/quote');
    await screen.findByText('No longer in the catalogue');
    const gone = lineNamed('An item no longer in the catalogue');
    expect(gone).toHaveTextContent('It is left out of your request.');
    expect(within(gone).queryByRole('spinbutton')).not.toBeInTheDocument();
    await user.click(
      within(gone).getByRole('button', { name: 'Remove An item no longer in the catalogue from the quote list' }),
    );
    expect(quoteLines()).toEqual([{ id: install.id, quantity: 1 }]);
  });

  it('sends one request with every line and the page language, then empties the list and thanks', async () => {
    const { sent } = useQuoteApi();
    setQuoteLines([
      { id: lathe.id, quantity: 2 },
      { id: GONE, quantity: 1 },
      { id: collet.id, quantity: 40 },
    ]);
    const user = userEvent.setup({ delay: null });
    renderApp('/quote');
    const request = await screen.findByRole('form', { name: 'Request your quotation' });
    await user.type(within(request).getByLabelText(/First name/), 'Asha');
    await user.type(within(request).getByLabelText(/Last name/), 'Nair');
    await user.type(within(request).getByLabelText(/Email/), 'asha@example.com');
    await user.type(within(request).getByLabelText(/Phone/), '+91 98765 43210');
    await user.click(within(request).getByRole('button', { name: 'Send quote request' }));

    const thanks = (await screen.findByRole('heading', { name: 'Thank you for your inquiry!' })).closest('div')!;
    expect(within(thanks).getByText('KPM-2026-00042')).toBeInTheDocument();
    expect(within(thanks).getByRole('link', { name: 'Back to the catalogue' })).toHaveAttribute('href', '/products');
    expect(sent).toEqual([
      {
        firstName: 'Asha',
        lastName: 'Nair',
        email: 'asha@example.com',
        phone: '+91 98765 43210',
        message: 'Please send us your quotation for the items listed.',
        items: [
          { id: lathe.id, quantity: 2 },
          { id: collet.id, quantity: 40 },
        ],
        locale: 'en',
      },
    ]);
    // Emptied, and the header's count with it.
    expect(quoteLines()).toEqual([]);
    expect(screen.getByRole('link', { name: /^Quote list$/ })).toBeInTheDocument();
  });

  it('shows an empty list with the way to the catalogue, and asks for nothing', async () => {
    const { requests } = useQuoteApi();
    renderApp('/quote');
    expect(await screen.findByText('Your quote list is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the catalogue' })).toHaveAttribute('href', '/products');
    expect(screen.queryByRole('form', { name: 'Request your quotation' })).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('says when the list was full, as the plain form sends the visitor back', async () => {
    useQuoteApi();
    setQuoteLines([{ id: lathe.id, quantity: 1 }]);
    renderApp('/quote?quote=full');
    expect(await screen.findByText('Your quote list is full (50 items)')).toBeInTheDocument();
  });

  it('speaks Tamil', async () => {
    useQuoteApi();
    setQuoteLines([{ id: collet.id, quantity: 4 }]);
    render(
      <MemoryRouter initialEntries={['/quote']}>
        <QuoteListPage />
      </MemoryRouter>,
      {
        wrapper: inLocale('ta', ({ children }) => (
          <AppProvider queryClient={createQueryClient()}>{children}</AppProvider>
        )),
      },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'உங்கள் விலைப்புள்ளிப் பட்டியல்' })).toBeInTheDocument();
    expect(await screen.findByText(/உதிரி பாகம்/)).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'விலைப்புள்ளிப் பட்டியலிலிருந்து நீக்கு: Spring Collet 25 mm' }),
    ).toHaveTextContent('நீக்கு');
    expect(screen.getByRole('button', { name: 'விலைப்புள்ளிக் கோரிக்கையை அனுப்பு' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /செய்தி/ })).toHaveValue(
      'மேலே பட்டியலிட்டுள்ள பொருட்களுக்கு உங்கள் விலைப்புள்ளியை அனுப்புங்கள்.',
    );
    expect(screen.queryByText('Your quote list')).not.toBeInTheDocument();
  });
});

describe('the quote list page, rendered by the server', () => {
  it('fetches the items of the lines in its URL, and the browser draws the same from the cookie', async () => {
    const { requests } = useQuoteApi();
    const lines = [
      { id: collet.id, quantity: 40 },
      { id: lathe.id, quantity: 2 },
    ];
    const serverCache = createQueryClient();
    const searchParams = new URLSearchParams({ [QUOTE_PAGE_LINES_PARAM]: serializeQuoteList(lines) });
    const page = await prefetchPage(serverCache, [{ route: { id: ROUTE_IDS.quote }, params: {} }], searchParams, 'en');
    expect(page).toEqual({ kind: 'quote' });
    expect(requests).toEqual([catalogueItemsUrl([collet.id, lathe.id])]);

    // The browser: the cookie holds what the server rendered, and the page's data is embedded.
    setQuoteLines(lines);
    const embedded = JSON.parse(JSON.stringify(dehydrate(serverCache))) as DehydratedState;
    const queryClient = createQueryClient();
    hydrate(queryClient, embedded);
    render(
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/quote'] })} />
      </AppProvider>,
    );
    expect(await screen.findByRole('link', { name: 'Spring Collet 25 mm' })).toBeInTheDocument();
    expect(screen.queryByText('Loading your quote list')).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toHaveLength(1);
  });

  it('keeps the lines it was rendered with out of its links (the language switch)', async () => {
    useQuoteApi();
    renderApp(`/quote?quote=full&${QUOTE_PAGE_LINES_PARAM}=${serializeQuoteList([{ id: lathe.id, quantity: 2 }])}`);
    const tamil = await screen.findAllByRole('link', { name: 'தமிழ்' });
    expect(tamil.map((link) => link.getAttribute('href'))).toEqual(tamil.map(() => '/ta/quote?quote=full'));
  });
});
