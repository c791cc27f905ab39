import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { IMAGE_LAYOUTS, PLACEHOLDER_IMAGES } from '@/lib/images';
import { buildMachine } from '@/testing/fixtures';
import { hydrateWithBrokenImages } from '@/testing/hydrate-broken-images';
import { renderWithProviders } from '@/testing/test-utils';
import { withSiteSettings } from '@/testing/site-settings';
import { toCatalogueItem } from '../lib/catalogue-items';
import { CatalogueCard } from './catalogue-card';

const ID = '9b2d6c1e-3f4a-4b5c-8d6e-7f8091a2b3c4';
const uploaded = toCatalogueItem(
  'machines',
  buildMachine({
    name: 'CL-25',
    images: [`/uploads/${ID}.webp`],
    media: [{ url: `/uploads/${ID}.webp`, thumbnailUrl: `/uploads/${ID}-thumb.webp`, width: 1600, height: 1200 }],
  }),
);

const renderCard = (view: 'grid' | 'list', priority?: boolean) =>
  renderWithProviders(
    <CatalogueCard item={uploaded} view={view} favourite={false} onToggleFavourite={() => {}} priority={priority} />,
  );

describe('CatalogueCard image', () => {
  it('offers the thumbnail and medium sizes at their real widths, for the grid card width', () => {
    renderCard('grid');
    const img = screen.getByRole('img', { name: 'CL-25' });
    expect(img).toHaveAttribute('srcset', `/uploads/${ID}-thumb.webp 480w, /uploads/${ID}-960.webp 960w`);
    expect(img).toHaveAttribute('sizes', IMAGE_LAYOUTS.catalogueGrid.sizes);
    expect(img).toHaveAttribute('width', '1600');
    expect(img).toHaveAttribute('height', '1200');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).not.toHaveAttribute('fetchpriority');
  });

  it('uses the list sizes in list view and loads a first-row card at once', () => {
    renderCard('list', true);
    const img = screen.getByRole('img', { name: 'CL-25' });
    expect(img).toHaveAttribute('sizes', IMAGE_LAYOUTS.catalogueList.sizes);
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it('falls back to the placeholder without the srcset when the picture breaks', () => {
    renderCard('grid');
    const img = screen.getByRole('img', { name: 'CL-25' });
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', PLACEHOLDER_IMAGES.machine);
    expect(img).not.toHaveAttribute('srcset');
  });
});

describe('CatalogueCard Add to quote', () => {
  it.each(['grid', 'list'] as const)('is a plain form adding one, beside the card’s links (%s view)', (view) => {
    renderCard(view);
    const button = screen.getByRole('button', { name: 'Add to quote: CL-25' });
    const form = button.closest('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/quote/lines');
    expect(form.querySelector('[name="id"]')).toHaveValue(uploaded.id);
    expect(form.querySelector('[name="quantity"]')).toBeNull();
    expect(screen.getByRole('link', { name: 'View Details: CL-25' })).toBeInTheDocument();
  });
});

describe('CatalogueCard image on a server-rendered page', () => {
  it('shows the placeholder for a picture that failed before the app took over', () => {
    const SiteWrapper = withSiteSettings();
    const card = (
      <SiteWrapper>
        <MemoryRouter>
          <CatalogueCard item={uploaded} view="grid" favourite={false} onToggleFavourite={() => {}} />
        </MemoryRouter>
      </SiteWrapper>
    );
    hydrateWithBrokenImages(card, () => true);
    const img = screen.getByRole('img', { name: 'CL-25' });
    expect(img).toHaveAttribute('src', PLACEHOLDER_IMAGES.machine);
    expect(img).not.toHaveAttribute('srcset');
  });
});
