import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { IMAGE_LAYOUTS, PLACEHOLDER_IMAGES } from '@/lib/images';
import { hydrateWithBrokenImages } from '@/testing/hydrate-broken-images';
import { ProductGallery } from './product-gallery';

const A = '1c9a3f52-7d1e-4e8b-9a0f-2b3c4d5e6f70';
const B = '2d8b4e63-8e2f-4f9c-8b1a-3c4d5e6f7081';

const withSizes = {
  url: `/uploads/${A}.webp`,
  thumbnailUrl: `/uploads/${A}-thumb.webp`,
  width: 1200,
  height: 1600,
  variants: [
    { url: `/uploads/${A}-thumb.webp`, width: 360, height: 480 },
    { url: `/uploads/${A}-960.webp`, width: 720, height: 960 },
    { url: `/uploads/${A}.webp`, width: 1200, height: 1600 },
  ],
};
const bare = { url: `/uploads/${B}.webp`, thumbnailUrl: `/uploads/${B}-thumb.webp` };

const mainImage = () => screen.getByRole('img', { name: /Lathe –/ });

describe('ProductGallery images', () => {
  it('loads the main picture first, with every size and the details layout sizes', () => {
    render(<ProductGallery name="Lathe" kind="machine" images={[withSizes, bare]} />);
    const img = mainImage();
    expect(img).toHaveAttribute('src', withSizes.url);
    expect(img).toHaveAttribute(
      'srcset',
      `/uploads/${A}-thumb.webp 360w, /uploads/${A}-960.webp 720w, /uploads/${A}.webp 1200w`,
    );
    expect(img).toHaveAttribute('sizes', IMAGE_LAYOUTS.detailsMain.sizes);
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '1600');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it('gives lazy thumbnails a reserved box and the thumbnail sizes, derived when the API sent none', () => {
    const { container } = render(<ProductGallery name="Lathe" kind="machine" images={[withSizes, bare]} />);
    const thumbs = [...container.querySelectorAll('ul img')];
    expect(thumbs).toHaveLength(2);
    expect(thumbs[0]).toHaveAttribute('srcset', `/uploads/${A}-thumb.webp 360w, /uploads/${A}-960.webp 720w`);
    expect(thumbs[0]).toHaveAttribute('width', '360');
    expect(thumbs[0]).toHaveAttribute('height', '480');
    expect(thumbs[1]).toHaveAttribute('srcset', `/uploads/${B}-thumb.webp 480w, /uploads/${B}-960.webp 960w`);
    expect(thumbs[1]).toHaveAttribute('sizes', IMAGE_LAYOUTS.galleryThumb.sizes);
    for (const thumb of thumbs) expect(thumb).toHaveAttribute('loading', 'lazy');
  });

  it('shows the placeholder without a srcset for a broken main picture or thumbnail', () => {
    const { container } = render(<ProductGallery name="Lathe" kind="spare" images={[withSizes, bare]} />);
    fireEvent.error(mainImage());
    expect(mainImage()).toHaveAttribute('src', PLACEHOLDER_IMAGES.part);
    expect(mainImage()).not.toHaveAttribute('srcset');
    const thumb = container.querySelectorAll('ul img')[1]!;
    fireEvent.error(thumb);
    expect(thumb).toHaveAttribute('src', PLACEHOLDER_IMAGES.part);
    expect(thumb).not.toHaveAttribute('srcset');
  });

  it('gives an external picture no srcset', () => {
    render(
      <ProductGallery
        name="Lathe"
        kind="service"
        images={[{ url: 'https://cdn.example.com/a.jpg', thumbnailUrl: null }]}
      />,
    );
    expect(mainImage()).toHaveAttribute('src', 'https://cdn.example.com/a.jpg');
    expect(mainImage()).not.toHaveAttribute('srcset');
  });

  it('treats pictures that failed before the app took over the page like ones that fail later', () => {
    // The details page runs its app at the visitor's first input: by then a missing picture's error event is long gone.
    const { container } = hydrateWithBrokenImages(
      <ProductGallery name="Lathe" kind="machine" images={[withSizes, bare]} />,
      (image) => image.getAttribute('src')?.includes(A) === true,
    );
    // SPEC §8: the machine gallery moves on to the next picture; the broken thumbnail shows the placeholder.
    expect(mainImage()).toHaveAccessibleName('Lathe – Side View');
    expect(mainImage()).toHaveAttribute('src', bare.url);
    const thumbs = container.querySelectorAll('ul img');
    expect(thumbs[0]).toHaveAttribute('src', PLACEHOLDER_IMAGES.machine);
    expect(thumbs[1]).toHaveAttribute('src', bare.thumbnailUrl);
  });

  it('leaves pictures still loading when the app takes over alone', () => {
    hydrateWithBrokenImages(<ProductGallery name="Lathe" kind="machine" images={[withSizes, bare]} />, () => false);
    expect(mainImage()).toHaveAttribute('src', withSizes.url);
  });
});

describe('ProductGallery zoom', () => {
  it('leaves the zoom on Escape, from the picture or from anywhere on the page', async () => {
    const user = userEvent.setup({ delay: null });
    render(<ProductGallery name="Lathe" kind="machine" images={[withSizes, bare]} />);
    const zoom = screen.getByRole('button', { name: /^Zoom in on/ });
    zoom.focus();
    await user.keyboard('{Enter}');
    expect(zoom).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{Escape}');
    expect(zoom).toHaveAttribute('aria-pressed', 'false');
    expect(document.activeElement).toBe(zoom);

    await user.click(zoom);
    expect(zoom).toHaveAttribute('aria-pressed', 'true');
    zoom.blur();
    await user.keyboard('{Escape}');
    expect(zoom).toHaveAttribute('aria-pressed', 'false');
  });
});
