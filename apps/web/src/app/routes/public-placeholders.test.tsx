import { screen } from '@testing-library/react';
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
});
