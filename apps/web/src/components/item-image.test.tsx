import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IMAGE_LAYOUTS, PLACEHOLDER_IMAGES } from '@/lib/images';
import { hydrateWithBrokenImages } from '@/testing/hydrate-broken-images';
import { ItemImage } from './item-image';

const ID = '6ba7b810-9dad-41d1-80b4-00c04fd430c8';

describe('ItemImage', () => {
  it('offers the card sizes of an upload with sizes, a reserved box and lazy loading', () => {
    render(<ItemImage images={['bad.png', `/uploads/${ID}.webp`]} alt="Lathe" layout="featuredCard" />);
    const img = screen.getByRole('img', { name: 'Lathe' });
    expect(img).toHaveAttribute('src', `/uploads/${ID}.webp`);
    expect(img).toHaveAttribute('srcset', `/uploads/${ID}-thumb.webp 480w, /uploads/${ID}-960.webp 960w`);
    expect(img).toHaveAttribute('sizes', IMAGE_LAYOUTS.featuredCard.sizes);
    expect(img).toHaveAttribute('width', '400');
    expect(img).toHaveAttribute('height', '300');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).not.toHaveAttribute('fetchpriority');
  });

  it('gives an external picture no srcset', () => {
    render(<ItemImage images={['https://cdn.example.com/a.jpg']} alt="Service" layout="featuredCard" />);
    const img = screen.getByRole('img', { name: 'Service' });
    expect(img).toHaveAttribute('src', 'https://cdn.example.com/a.jpg');
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
  });

  it('loads a priority picture eagerly with high fetch priority', () => {
    render(<ItemImage images={[`/uploads/${ID}.webp`]} alt="Hero" layout="catalogueGrid" priority />);
    const img = screen.getByRole('img', { name: 'Hero' });
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it('falls back to the placeholder without the srcset when the picture breaks (SPEC §8)', () => {
    render(<ItemImage images={[`/uploads/${ID}.webp`]} alt="Part" kind="part" layout="featuredCard" />);
    const img = screen.getByRole('img', { name: 'Part' });
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', PLACEHOLDER_IMAGES.part);
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
  });

  it('shows the placeholder for a picture that failed before the app took over the page', () => {
    const card = <ItemImage images={[`/uploads/${ID}.webp`]} alt="Lathe" layout="featuredCard" />;
    hydrateWithBrokenImages(card, () => true);
    expect(screen.getByRole('img', { name: 'Lathe' })).toHaveAttribute('src', PLACEHOLDER_IMAGES.machine);
  });
});
