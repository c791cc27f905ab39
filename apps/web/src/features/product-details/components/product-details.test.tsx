import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Machine, Service, SparePart } from '@capstan/shared';
import { routes } from '@/app/router';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { buildMachine, buildService, buildSparePart } from '@/testing/fixtures';
import { server } from '@/testing/mocks/server';
import { fakePagedList, summaryOf } from '@/testing/paged-list-api';
import { quoteLines } from '@/testing/quote-list';
import { renderApp } from '@/testing/test-utils';

const notFound = () => HttpResponse.json({ message: 'Not found' }, { status: 404 });

function detailHandlers(
  item?:
    { kind: 'machine'; value: Machine } | { kind: 'service'; value: Service } | { kind: 'spare'; value: SparePart },
) {
  const calls: string[] = [];
  const answer = (kind: string, list: string) => () => {
    calls.push(list);
    return item?.kind === kind ? HttpResponse.json(item.value) : notFound();
  };
  server.use(
    http.get('/api/products/:id', answer('machine', 'products')),
    http.get('/api/services/:id', answer('service', 'services')),
    http.get('/api/spareparts/:id', answer('spare', 'spareparts')),
  );
  return calls;
}

const images = ['https://img.test/1.jpg', 'https://img.test/2.jpg', 'https://img.test/3.jpg', 'https://img.test/4.jpg'];
const mainImage = () => screen.getByRole('button', { name: /^Zoom (in on|out of)/ }).querySelector('img');

describe('product details', () => {
  it('tries products, then services, then spare parts, and shows the first that answers', async () => {
    const part = buildSparePart({ name: 'Turret indexing pin', description: 'Hardened steel pin.', price: 1250 });
    const calls = detailHandlers({ kind: 'spare', value: part });
    renderApp(`/product/${part.id}`);
    expect(screen.getByText('Loading product...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Turret indexing pin' })).toBeInTheDocument();
    expect(screen.getByText('Hardened steel pin.')).toBeInTheDocument();
    expect(screen.getByText('₹1,250')).toBeInTheDocument();
    expect(calls).toEqual(['products', 'services', 'spareparts']);
    expect(document.title).toContain('Turret indexing pin');
  });

  it('puts the item on the quote list with a quantity, in place, or by a plain form without the app', async () => {
    const part = buildSparePart({ name: 'Turret indexing pin' });
    detailHandlers({ kind: 'spare', value: part });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp(`/product/${part.id}`);
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity of Turret indexing pin' });
    const form = quantity.closest('form')!;
    expect(form).toHaveAttribute('action', '/quote/lines');
    expect(form.querySelector('[name="back"]')).toHaveValue(`/product/${part.id}`);
    await user.clear(quantity);
    await user.type(quantity, '12');
    await user.click(screen.getByRole('button', { name: 'Add to quote: Turret indexing pin' }));
    expect(quoteLines()).toEqual([{ id: part.id, quantity: 12 }]);
    expect(await screen.findByText('Added to your quote list')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/product/${part.id}`);
  });

  it('stops at the first that answers', async () => {
    const service = buildService({ name: 'Installation & commissioning' });
    const calls = detailHandlers({ kind: 'service', value: service });
    renderApp(`/product/${service.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Installation & commissioning' })).toBeInTheDocument();
    expect(calls).toEqual(['products', 'services']);
    expect(screen.getByText('Price on request')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request Quote' })).toHaveAttribute(
      'href',
      '/?service=services&product=Installation%20%26%20commissioning#contact',
    );
  });

  it('links every kind to its spec sheet PDF, a download the server answers', async () => {
    const part = buildSparePart({ name: 'Turret indexing pin' });
    detailHandlers({ kind: 'spare', value: part });
    renderApp(`/product/${part.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Turret indexing pin' });
    const link = screen.getByRole('link', { name: 'Download spec sheet' });
    expect(link).toHaveAttribute('href', `/product/${part.id}/spec-sheet.pdf`);
    expect(link).toHaveAttribute('download');
  });

  it('shows a machine in full: brand, rating, price with saving, features and ordered specifications', async () => {
    const machine = buildMachine({
      name: 'CNC Turning Centre KT-200',
      category: 'cnc-lathe',
      brand: 'Kovai',
      rating: 4.5,
      reviewCount: 32,
      availability: { status: 'made_to_order', leadTimeWeeks: { min: 6, max: 8 }, isDefault: false },
      warranty: { months: 24, isDefault: true },
      price: 1000000,
      originalPrice: 1500000,
      features: ['Fanuc control', '8-station turret'],
      specificationList: [
        { key: 'Swing over bed', value: '400 mm' },
        { key: 'Axis travel', value: '200 mm' },
      ],
      specifications: { 'Axis travel': '200 mm', 'Swing over bed': '400 mm' },
    });
    detailHandlers({ kind: 'machine', value: machine });
    renderApp(`/product/${machine.id}`);
    await screen.findByRole('heading', { level: 1, name: 'CNC Turning Centre KT-200' });
    expect(screen.getByText('Kovai')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(screen.getByText(/32 reviews/)).toBeInTheDocument();
    expect(screen.getByText('₹10,00,000')).toBeInTheDocument();
    expect(screen.getByText('₹15,00,000')).toHaveClass('line-through');
    expect(screen.getByText('Save 33%')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Key Features' })).toBeInTheDocument();
    expect(screen.getByText('8-station turret')).toBeInTheDocument();
    // The machine's own terms, worded as the chat says them (decision 051); no fixed texts.
    expect(screen.getByText('Made to order: 6-8 weeks')).toBeInTheDocument();
    expect(screen.getByText('24-month warranty')).toBeInTheDocument();
    expect(screen.queryByText('In Stock')).not.toBeInTheDocument();
    expect(screen.queryByText('2 Year Warranty')).not.toBeInTheDocument();
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Swing over bed', 'Axis travel']);
    expect(screen.getByRole('link', { name: 'Request Quote' })).toHaveAttribute(
      'href',
      '/?service=cnc-lathe&product=CNC%20Turning%20Centre%20KT-200#contact',
    );
  });

  it('shows a rating only from approved reviews, and a part its own stock and warranty', async () => {
    const unrated = buildMachine({ name: 'Capstan Lathe CL-40', rating: null, reviewCount: null });
    detailHandlers({ kind: 'machine', value: unrated });
    renderApp(`/product/${unrated.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Capstan Lathe CL-40' });
    expect(screen.queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/reviews?\)/)).not.toBeInTheDocument();
  });

  it('shows a spare part in stock with its warranty, and a service neither', async () => {
    const part = buildSparePart({
      name: 'Collet 20 mm',
      availability: { status: 'in_stock', leadTimeWeeks: null, isDefault: true },
      warranty: { months: 12, isDefault: true },
    });
    detailHandlers({ kind: 'spare', value: part });
    const { unmount } = renderApp(`/product/${part.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Collet 20 mm' });
    expect(screen.getByText('In stock')).toBeInTheDocument();
    expect(screen.getByText('12-month warranty')).toBeInTheDocument();
    unmount();

    const service = buildService({ name: 'Retrofit' });
    detailHandlers({ kind: 'service', value: service });
    renderApp(`/product/${service.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Retrofit' });
    expect(screen.queryByText(/warranty/i)).not.toBeInTheDocument();
    expect(screen.queryByText(/in stock/i)).not.toBeInTheDocument();
  });

  it("sends a machine's owner to request service; a part's page does not", async () => {
    const machine = buildMachine({ name: 'Capstan Lathe CL-25' });
    detailHandlers({ kind: 'machine', value: machine });
    const { unmount } = renderApp(`/product/${machine.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Capstan Lathe CL-25' });
    const owners = screen.getByText(/^Own this machine\?/);
    expect(within(owners).getByRole('link', { name: 'Request service' })).toHaveAttribute('href', '/service');
    unmount();

    const part = buildSparePart({ name: 'Collet 20 mm' });
    detailHandlers({ kind: 'spare', value: part });
    renderApp(`/product/${part.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Collet 20 mm' });
    expect(screen.queryByText(/^Own this machine\?/)).not.toBeInTheDocument();
  });

  it('shows no saving badge when the original price is not higher', async () => {
    const machine = buildMachine({ name: 'Lathe', price: 500000, originalPrice: 500000 });
    detailHandlers({ kind: 'machine', value: machine });
    renderApp(`/product/${machine.id}`);
    await screen.findByText('₹5,00,000');
    expect(screen.queryByText(/^Save/)).not.toBeInTheDocument();
  });

  it('walks the gallery with wraparound, thumbnails and zoom', async () => {
    const machine = buildMachine({ name: 'Capstan Lathe CL-25', images });
    detailHandlers({ kind: 'machine', value: machine });
    const user = userEvent.setup({ delay: null });
    renderApp(`/product/${machine.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Capstan Lathe CL-25' });

    expect(mainImage()).toHaveAttribute('alt', 'Capstan Lathe CL-25 – Front View');
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(mainImage()).toHaveAttribute('alt', 'Capstan Lathe CL-25 – Internal View');
    expect(mainImage()).toHaveAttribute('src', images[3]);
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(mainImage()).toHaveAttribute('alt', 'Capstan Lathe CL-25 – Front View');
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(mainImage()).toHaveAttribute('alt', 'Capstan Lathe CL-25 – Side View');
    await user.click(screen.getByRole('button', { name: 'Show Control Panel' }));
    expect(mainImage()).toHaveAttribute('src', images[2]);
    expect(screen.getByRole('button', { name: 'Show Control Panel' })).toHaveAttribute('aria-current', 'true');

    const zoom = screen.getByRole('button', { name: 'Zoom in on Control Panel' });
    expect(zoom).toHaveAttribute('aria-pressed', 'false');
    await user.click(zoom);
    expect(screen.getByRole('button', { name: 'Zoom out of Control Panel' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Zoom out of Control Panel' }));
    expect(screen.getByRole('button', { name: 'Zoom in on Control Panel' })).toHaveAttribute('aria-pressed', 'false');
  });

  it("says 'No image available' when there are no images", async () => {
    const machine = buildMachine({ name: 'Bare lathe', images: [] });
    detailHandlers({ kind: 'machine', value: machine });
    renderApp(`/product/${machine.id}`);
    expect(await screen.findByText('No image available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next image' })).not.toBeInTheDocument();
  });

  it('moves a machine gallery to the next image when one fails, then to the placeholder', async () => {
    const machine = buildMachine({ name: 'Lathe', images: images.slice(0, 2) });
    detailHandlers({ kind: 'machine', value: machine });
    renderApp(`/product/${machine.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Lathe' });
    fireEvent.error(mainImage()!);
    expect(mainImage()).toHaveAttribute('src', images[1]);
    fireEvent.error(mainImage()!);
    expect(mainImage()?.getAttribute('src')).toContain('placeholder-machine');
  });

  it('shows the part placeholder when a spare part image fails', async () => {
    const part = buildSparePart({ name: 'Collet', images: images.slice(0, 2) });
    detailHandlers({ kind: 'spare', value: part });
    renderApp(`/product/${part.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Collet' });
    fireEvent.error(mainImage()!);
    expect(mainImage()?.getAttribute('src')).toContain('placeholder-part');
  });

  it("says 'Product not found' and Go Back returns to the previous page", async () => {
    const calls = detailHandlers();
    const user = userEvent.setup({ delay: null });
    const router = createMemoryRouter(routes, {
      initialEntries: ['/somewhere-else', '/product/unknown'],
      initialIndex: 1,
    });
    render(
      <AppProvider queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    expect(await screen.findByText('Product not found')).toBeInTheDocument();
    expect(screen.getByText('Oops! Something went wrong')).toBeInTheDocument();
    expect(calls).toEqual(['products', 'services', 'spareparts']);
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(router.state.location.pathname).toBe('/somewhere-else');
  });

  it('Go Back falls back to the catalogue when there is no history', async () => {
    detailHandlers();
    // The catalogue it lands on, empty.
    server.use(
      http.get('/api/catalogue/summary', () => HttpResponse.json(summaryOf({}))),
      fakePagedList('/api/products', []),
      fakePagedList('/api/spareparts', []),
      fakePagedList('/api/services', []),
    );
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/product/unknown');
    await user.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(router.state.location.pathname).toBe('/products');
  });
});
