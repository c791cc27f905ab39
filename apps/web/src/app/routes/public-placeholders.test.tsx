import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { catalogueApi } from '@/features/catalogue/testing/catalogue-api';
import { buildMachine } from '@/testing/fixtures';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

// The screens themselves are tested in features/catalogue and features/product-details;
// these check that the routes mount them.
describe('public catalogue routes', () => {
  it('/products mounts the catalogue', async () => {
    const machine = buildMachine({ name: 'Capstan Lathe CL-25' });
    server.use(...catalogueApi({ machines: [machine] }).handlers);
    renderApp('/products');
    expect(await screen.findByRole('heading', { level: 1, name: 'Product Catalogue' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Details: Capstan Lathe CL-25' })).toHaveAttribute(
      'href',
      `/product/${machine.id}`,
    );
  });

  it('/product/:id mounts the details screen for that id', async () => {
    const machine = buildMachine({ name: 'Capstan Lathe CL-25' });
    server.use(http.get('/api/products/:id', ({ params }) => HttpResponse.json({ ...machine, id: params.id })));
    renderApp(`/product/${machine.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Capstan Lathe CL-25' })).toBeInTheDocument();
  });

  // Every public page has the landing page's bar and the WhatsApp and chat pair, not only the landing page.
  it.each(['/products', '/product/1', '/compare', '/no-such-page'])(
    '%s has the landing bar and the contact pair',
    async (url) => {
      const machine = buildMachine({ name: 'Capstan Lathe CL-25' });
      server.use(
        ...catalogueApi({ machines: [machine] }).handlers,
        http.get('/api/products/:id', ({ params }) => HttpResponse.json({ ...machine, id: params.id })),
      );
      renderApp(url);
      const pair = await screen.findByRole('group', { name: 'Quick contact' });
      expect(await within(pair).findByRole('link', { name: /^WhatsApp us/ })).toHaveAttribute(
        'href',
        expect.stringMatching(/^https:\/\/wa\.me\//),
      );
      expect(within(pair).getByRole('button', { name: 'Open chat' })).toBeInTheDocument();

      const [bar] = screen.getAllByRole('navigation', { name: 'Main' });
      const hrefs = Object.fromEntries(
        within(bar!)
          .getAllByRole('link')
          .map((link) => [link.textContent, link.getAttribute('href')]),
      );
      expect(hrefs).toEqual({
        Home: '/',
        About: '/#about',
        Products: '/products',
        Services: '/#services',
        Contact: '/#contact',
      });
      const products = within(bar!).getByRole('link', { name: 'Products' });
      if (url.startsWith('/product')) expect(products).toHaveAttribute('aria-current', 'page');
      else expect(products).not.toHaveAttribute('aria-current');
    },
  );
});
