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

  // Issue 16: every public page offers the collapsed call / WhatsApp / chat group, not only the landing page.
  it.each(['/products', '/product/1', '/no-such-page'])('%s offers the contact group', async (url) => {
    const machine = buildMachine({ name: 'Capstan Lathe CL-25' });
    server.use(
      ...catalogueApi({ machines: [machine] }).handlers,
      http.get('/api/products/:id', ({ params }) => HttpResponse.json({ ...machine, id: params.id })),
    );
    renderApp(url);
    const toggle = await screen.findByRole('button', { name: 'Contact us' });
    const list = document.getElementById(toggle.getAttribute('popovertarget')!)!;
    expect(await within(list).findByRole('link', { name: /^Call us/, hidden: true })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:/),
    );
    expect(within(list).getByRole('link', { name: /WhatsApp/, hidden: true })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\//),
    );
    expect(within(list).getByRole('button', { name: 'Open chat', hidden: true })).toBeInTheDocument();
  });
});
