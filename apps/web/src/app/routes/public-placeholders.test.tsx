import { screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { buildMachine, buildService, buildSparePart } from '@/testing/fixtures';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

describe('/products (catalogue preview)', () => {
  it('lists machine names linking to their pages', async () => {
    const machine = buildMachine({ name: 'Capstan Lathe CL-25' });
    const seen: string[] = [];
    server.use(
      http.get('/api/products', ({ request }) => {
        seen.push(new URL(request.url).search);
        return HttpResponse.json([machine]);
      }),
    );
    renderApp('/products');

    const link = await screen.findByRole('link', { name: 'Capstan Lathe CL-25' });
    expect(link).toHaveAttribute('href', `/product/${machine.id}`);
    expect(seen).toEqual(['?category=machine']);
  });

  it('gives up after the 5 s list timeout', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      server.use(
        http.get('/api/products', async () => {
          await delay('infinite');
          return HttpResponse.json([]);
        }),
      );
      renderApp('/products');
      expect(await screen.findByText('Loading machines...')).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(5000);
      expect(await screen.findByText('Request for machines timed out.')).toBeInTheDocument();
      expect(screen.getByText('Failed to load products. Please try again.')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('/product/:id (details preview)', () => {
  it('tries products, then services, then spare parts, and shows the first found', async () => {
    const part = buildSparePart({ name: 'Turret indexing pin', description: 'Hardened steel pin.' });
    const calls: string[] = [];
    server.use(
      http.get('/api/products/:id', () => {
        calls.push('products');
        return HttpResponse.json({ message: 'Not found' }, { status: 404 });
      }),
      http.get('/api/services/:id', () => {
        calls.push('services');
        return HttpResponse.json({ message: 'Not found' }, { status: 404 });
      }),
      http.get('/api/spareparts/:id', ({ params }) => {
        calls.push('spareparts');
        return params.id === part.id
          ? HttpResponse.json(part)
          : HttpResponse.json({ message: 'Not found' }, { status: 404 });
      }),
    );
    renderApp(`/product/${part.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Turret indexing pin' })).toBeInTheDocument();
    expect(screen.getByText('Hardened steel pin.')).toBeInTheDocument();
    expect(calls).toEqual(['products', 'services', 'spareparts']);
  });

  it('stops at the first that answers', async () => {
    const service = buildService({ name: 'Installation' });
    server.use(
      http.get('/api/products/:id', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
      http.get('/api/services/:id', () => HttpResponse.json(service)),
    );
    renderApp(`/product/${service.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Installation' })).toBeInTheDocument();
  });

  it('says "Product not found" when none answers', async () => {
    const notFound = () => HttpResponse.json({ message: 'Not found' }, { status: 404 });
    server.use(
      http.get('/api/products/:id', notFound),
      http.get('/api/services/:id', notFound),
      http.get('/api/spareparts/:id', notFound),
    );
    renderApp('/product/unknown');
    expect(await screen.findByText('Product not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });
});
