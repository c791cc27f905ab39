import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGES } from '@/lib/images';
import { buildMachine, buildService, buildSparePart } from '@/testing/fixtures';
import { gate } from '@/testing/gate';
import { featuredHandlers } from '@/testing/mocks/featured';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { FeaturedProductsSection } from './featured-products-section';

const renderSection = () => renderWithProviders(<FeaturedProductsSection />);

function cardNames(): string[] {
  return screen
    .getAllByRole('article')
    .map((card) => within(card).getByRole('heading', { level: 3 }).textContent ?? '');
}

const card = (name: string) => screen.getAllByRole('article').find((c) => within(c).queryByText(name))!;

const specs = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ key: `Key ${i + 1}`, value: `Value ${i + 1}` }));

describe('FeaturedProductsSection', () => {
  it('shows a loading message until all three lists arrive, then the cards', async () => {
    const services = gate();
    server.use(
      http.get('/api/services/featured', async () => {
        await services.opened;
        return HttpResponse.json([buildService({ name: 'Installation' })]);
      }),
      ...featuredHandlers({ machines: [buildMachine({ name: 'CNC Turning Centre' })] }),
    );
    renderSection();

    expect(await screen.findByText('Loading featured products...')).toBeInTheDocument();
    expect(screen.queryByText('CNC Turning Centre')).not.toBeInTheDocument();

    services.open();
    expect(await screen.findByText('CNC Turning Centre')).toBeInTheDocument();
    expect(screen.getByText('Installation')).toBeInTheDocument();
    expect(screen.queryByText('Loading featured products...')).not.toBeInTheDocument();
  });

  it('merges machines, then spare parts, then services, and shows only the first 6', async () => {
    server.use(
      ...featuredHandlers({
        machines: [buildMachine({ name: 'Machine 1' }), buildMachine({ name: 'Machine 2' })],
        spareParts: [1, 2, 3].map((n) => buildSparePart({ name: `Part ${n}` })),
        services: [1, 2, 3].map((n) => buildService({ name: `Service ${n}` })),
      }),
    );
    renderSection();
    await screen.findByText('Machine 1');
    expect(cardNames()).toEqual(['Machine 1', 'Machine 2', 'Part 1', 'Part 2', 'Part 3', 'Service 1']);
  });

  it('shows the failure message in red when any list fails', async () => {
    server.use(
      http.get('/api/spareparts/featured', () => HttpResponse.json({ message: 'boom' }, { status: 500 })),
      ...featuredHandlers({ machines: [buildMachine({ name: 'Machine 1' })] }),
    );
    renderSection();
    const failure = await screen.findByText('Failed to load featured products');
    expect(failure).toHaveClass('text-destructive');
    expect(screen.queryByText('Machine 1')).not.toBeInTheDocument();
  });

  it('hides the section when all lists are empty', async () => {
    server.use(...featuredHandlers());
    const { container } = renderSection();
    await waitFor(() => expect(screen.queryByText('Loading featured products...')).not.toBeInTheDocument());
    expect(container.querySelector('#products')).toBeNull();
  });

  it('shows the first 3 specifications then +N more, or none available', async () => {
    server.use(
      ...featuredHandlers({
        machines: [
          buildMachine({ name: 'Five specs', specificationList: specs(5) }),
          buildMachine({ name: 'Three specs', specificationList: specs(3) }),
        ],
        spareParts: [buildSparePart({ name: 'No specs', specificationList: [] })],
      }),
    );
    renderSection();
    await screen.findByText('Five specs');

    const five = card('Five specs');
    expect(
      within(five)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Key 1: Value 1', 'Key 2: Value 2', 'Key 3: Value 3']);
    expect(within(five).getByText('+2 more specifications')).toBeInTheDocument();
    expect(within(card('Three specs')).queryByText(/more specifications/)).not.toBeInTheDocument();
    expect(within(card('No specs')).getByText('No specifications available.')).toBeInTheDocument();
  });

  it('links View Details, Request Quote and View All Products, and clamps the description', async () => {
    const machine = buildMachine({
      name: 'Capstan Lathe CL-32',
      description: 'Bar capacity 32 mm.',
      category: 'capstan-lathe',
    });
    const cnc = buildMachine({ name: 'KPM CNC-200', category: 'cnc-lathe' });
    server.use(...featuredHandlers({ machines: [machine, cnc] }));
    renderSection();

    expect(await screen.findByRole('link', { name: 'View Details: Capstan Lathe CL-32' })).toHaveAttribute(
      'href',
      `/product/${machine.id}`,
    );
    expect(screen.getByRole('link', { name: 'Request Quote: Capstan Lathe CL-32' })).toHaveAttribute(
      'href',
      '/?service=capstan-lathe&product=Capstan%20Lathe%20CL-32#contact',
    );
    // Each machine's quote names its own category: a CNC machine is no capstan lathe.
    expect(screen.getByRole('link', { name: 'Request Quote: KPM CNC-200' })).toHaveAttribute(
      'href',
      '/?service=cnc-lathe&product=KPM%20CNC-200#contact',
    );
    expect(screen.getByRole('link', { name: /View All Products/ })).toHaveAttribute('href', '/products');
    // SPEC §9: about two lines of it, then an ellipsis.
    expect(screen.getByText('Bar capacity 32 mm.')).toHaveClass('line-clamp-2');
  });

  it('uses the first usable image, else the placeholder of the item kind', async () => {
    server.use(
      ...featuredHandlers({
        machines: [buildMachine({ name: 'With image', images: ['not-a-url.jpg', '/uploads/1.webp'] })],
        spareParts: [buildSparePart({ name: 'Without image', images: [] })],
      }),
    );
    renderSection();
    expect(await screen.findByRole('img', { name: 'With image' })).toHaveAttribute('src', '/uploads/1.webp');
    expect(screen.getByRole('img', { name: 'Without image' })).toHaveAttribute('src', PLACEHOLDER_IMAGES.part);
  });
});
