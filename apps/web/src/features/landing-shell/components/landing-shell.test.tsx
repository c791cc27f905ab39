import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGES } from '@/lib/images';
import { buildMachine, buildService, buildSparePart } from '@/testing/fixtures';
import { featuredHandlers } from '@/testing/mocks/featured';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

function cardNames(): string[] {
  return screen
    .getAllByTestId('featured-item')
    .map((card) => within(card).getByRole('heading', { level: 3 }).textContent ?? '');
}

/** The card image is decorative (the title names the link), so find it through its card. */
function cardImage(name: string): HTMLImageElement | null {
  const card = screen.getAllByTestId('featured-item').find((c) => within(c).queryByText(name));
  return card?.querySelector('img') ?? null;
}

describe('home page (landing shell)', () => {
  it('shows the company name and tagline', async () => {
    server.use(...featuredHandlers());
    renderApp('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Kovai Precision Machines' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Precision capstan lathes, CNC turning centres, spare parts and service — Coimbatore, Tamil Nadu',
      ),
    ).toBeInTheDocument();
    // The header carries the brand too, linking home.
    expect(within(screen.getByRole('banner')).getByRole('link', { name: /Kovai Precision Machines/ })).toHaveAttribute(
      'href',
      '/',
    );
    await waitFor(() => expect(screen.queryByText('Loading featured products...')).not.toBeInTheDocument());
  });

  it('shows a loading message until all three lists arrive, then the cards', async () => {
    let releaseServices: () => void = () => {};
    const servicesGate = new Promise<void>((resolve) => {
      releaseServices = resolve;
    });
    // MSW: the first matching handler wins, so overrides go before the defaults.
    server.use(
      http.get('/api/services/featured', async () => {
        await servicesGate;
        return HttpResponse.json([buildService({ name: 'Installation' })]);
      }),
      ...featuredHandlers({ machines: [buildMachine({ name: 'CNC Turning Centre' })] }),
    );
    renderApp('/');

    expect(await screen.findByText('Loading featured products...')).toBeInTheDocument();
    // Machines may already be in, but nothing shows until the set is complete.
    expect(screen.queryByText('CNC Turning Centre')).not.toBeInTheDocument();

    releaseServices();
    expect(await screen.findByText('CNC Turning Centre')).toBeInTheDocument();
    expect(screen.getByText('Installation')).toBeInTheDocument();
    expect(screen.queryByText('Loading featured products...')).not.toBeInTheDocument();
  });

  it('merges machines, then spare parts, then services, and shows only the first 6', async () => {
    server.use(
      ...featuredHandlers({
        machines: [buildMachine({ name: 'Machine 1' }), buildMachine({ name: 'Machine 2' })],
        spareParts: [
          buildSparePart({ name: 'Part 1' }),
          buildSparePart({ name: 'Part 2' }),
          buildSparePart({ name: 'Part 3' }),
        ],
        services: [
          buildService({ name: 'Service 1' }),
          buildService({ name: 'Service 2' }),
          buildService({ name: 'Service 3' }),
        ],
      }),
    );
    renderApp('/');

    await screen.findByText('Machine 1');
    expect(cardNames()).toEqual(['Machine 1', 'Machine 2', 'Part 1', 'Part 2', 'Part 3', 'Service 1']);
  });

  it('links each card to its product page and shows its description', async () => {
    const machine = buildMachine({
      name: 'Capstan Lathe CL-32',
      description: 'Bar capacity 32 mm, six-station turret.',
    });
    server.use(...featuredHandlers({ machines: [machine] }));
    renderApp('/');

    const link = await screen.findByRole('link', { name: 'Capstan Lathe CL-32' });
    expect(link).toHaveAttribute('href', `/product/${machine.id}`);
    // The whole card, image included, is the link.
    expect(link.querySelector('img')).not.toBeNull();
    expect(screen.getByText('Bar capacity 32 mm, six-station turret.')).toHaveClass('line-clamp-2');
  });

  it('uses the first usable image, else the placeholder of the item kind', async () => {
    server.use(
      ...featuredHandlers({
        machines: [buildMachine({ name: 'With image', images: ['not-a-url.jpg', '/uploads/1.webp'] })],
        spareParts: [buildSparePart({ name: 'Without image', images: [] })],
      }),
    );
    renderApp('/');

    await screen.findByText('With image');
    expect(cardImage('With image')).toHaveAttribute('src', '/uploads/1.webp');
    expect(cardImage('Without image')).toHaveAttribute('src', PLACEHOLDER_IMAGES.part);
  });

  it('shows the failure message in red when any list fails', async () => {
    server.use(
      http.get('/api/spareparts/featured', () => HttpResponse.json({ message: 'boom' }, { status: 500 })),
      ...featuredHandlers({ machines: [buildMachine({ name: 'Machine 1' })] }),
    );
    renderApp('/');

    const failure = await screen.findByText('Failed to load featured products');
    expect(failure).toHaveClass('text-destructive');
    expect(screen.queryByText('Machine 1')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading featured products...')).not.toBeInTheDocument();
  });

  it('hides the featured section when all lists are empty', async () => {
    server.use(...featuredHandlers());
    renderApp('/');

    await waitFor(() => expect(screen.queryByText('Loading featured products...')).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Featured products' })).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to load featured products')).not.toBeInTheDocument();
  });
});
