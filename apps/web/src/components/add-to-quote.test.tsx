import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@capstan/shared';
import { I18nProvider } from '@/lib/i18n';
import { QUOTE_LIST_MAX_LINES } from '@/lib/quote-list';
import { translatorFor } from '@/testing/locale';
import { quoteCookie, quoteLines, setQuoteLines } from '@/testing/quote-list';
import { renderWithProviders } from '@/testing/test-utils';
import { AddToQuote } from './add-to-quote';

const ID = '3f2a1b0c-0000-4000-8000-000000000001';
const NAME = 'NP-38 Capstan Lathe';

/** The control as the server's HTML has it, before (or without) the app. */
function serverMarkup(url: string, withQuantity: boolean, locale: Locale = 'en'): HTMLFormElement {
  const html = renderToString(
    <I18nProvider translator={translatorFor(locale)}>
      <MemoryRouter initialEntries={[url]}>
        <AddToQuote id={ID} name={NAME} withQuantity={withQuantity} />
      </MemoryRouter>
    </I18nProvider>,
  );
  const container = document.createElement('div');
  container.innerHTML = html;
  const form = container.querySelector('form');
  if (form === null) throw new Error('no form');
  return form;
}

const field = (form: HTMLFormElement, name: string) => form.querySelector<HTMLInputElement>(`[name="${name}"]`);

describe('Add to quote', () => {
  it('is a plain form to POST /quote/lines that comes back to the same page, as HTML', () => {
    const form = serverMarkup('/products?tab=spares&page=2', false);
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/quote/lines');
    expect(field(form, 'id')).toHaveAttribute('type', 'hidden');
    expect(field(form, 'id')).toHaveValue(ID);
    expect(field(form, 'action')).toHaveValue('add');
    expect(field(form, 'back')).toHaveValue('/products?tab=spares&page=2');
    // A card adds one: the server takes a missing quantity as 1.
    expect(field(form, 'quantity')).toBeNull();
    expect(form.querySelector('button')).toHaveAttribute('type', 'submit');
    expect(form.querySelector('button')).toHaveTextContent('Add to quote');
  });

  it('on a product page asks how many, within 1 to 9,999, and returns to the page in its language', () => {
    const form = serverMarkup('/product/abc', true, 'ta');
    const quantity = field(form, 'quantity');
    expect(quantity).toHaveAttribute('type', 'number');
    expect(quantity).toHaveAttribute('min', '1');
    expect(quantity).toHaveAttribute('max', '9999');
    expect(quantity).toHaveValue(1);
    expect(field(form, 'back')).toHaveValue('/ta/product/abc');
    expect(form.querySelector('button')).toHaveTextContent('விலைப்புள்ளியில் சேர்');
  });

  it('does not send the visitor back to a "list is full" notice they already read', () => {
    expect(field(serverMarkup('/products?quote=full&tab=spares', false), 'back')).toHaveValue('/products?tab=spares');
  });

  it('with the app, adds to the cookie in place and says so with a link to the list', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<AddToQuote id={ID} name={NAME} withQuantity />, { url: '/product/abc' });
    const quantity = screen.getByRole('spinbutton', { name: `Quantity of ${NAME}` });
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(screen.getByRole('button', { name: `Add to quote: ${NAME}` }));
    expect(quoteLines()).toEqual([{ id: ID, quantity: 3 }]);
    // The toast (Radix renders each as a list item), with the way to the list; no navigation.
    const toast = (await screen.findByText('Added to your quote list')).closest('li');
    expect(within(toast!).getByRole('link', { name: 'View your quote list' })).toHaveAttribute('href', '/quote');

    // Again: added to the same line.
    await user.click(screen.getByRole('button', { name: `Add to quote: ${NAME}` }));
    expect(quoteLines()).toEqual([{ id: ID, quantity: 6 }]);
  });

  it('with the app, says the list is full (50 items) and changes nothing', async () => {
    const user = userEvent.setup({ delay: null });
    setQuoteLines(
      Array.from({ length: QUOTE_LIST_MAX_LINES }, (_, index) => ({
        id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
        quantity: 1,
      })),
    );
    const before = quoteCookie();
    renderWithProviders(<AddToQuote id={ID} name={NAME} />, { url: '/products' });
    await user.click(screen.getByRole('button', { name: `Add to quote: ${NAME}` }));
    expect(await screen.findByText('Your quote list is full (50 items)')).toBeInTheDocument();
    expect(quoteCookie()).toBe(before);
  });

  it('speaks Hindi once the app runs', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <MemoryRouter initialEntries={['/hi/products']}>
        <AddToQuote id={ID} name={NAME} />
      </MemoryRouter>,
      { wrapper: ({ children }) => <I18nProvider translator={translatorFor('hi')}>{children}</I18nProvider> },
    );
    await user.click(screen.getByRole('button', { name: `कोटेशन में जोड़ें: ${NAME}` }));
    expect(quoteLines()).toEqual([{ id: ID, quantity: 1 }]);
  });
});
