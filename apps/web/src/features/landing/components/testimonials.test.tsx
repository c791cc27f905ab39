import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicReview } from '@capstan/shared';
import { buildSiteSettings, withSiteSettings } from '@/testing/site-settings';
import { Testimonials } from './testimonials';

const approved: PublicReview[] = [
  {
    id: '6f1c1a52-7a4e-4c4b-9d6b-0c1f7e0b2a11',
    rating: 4,
    text: '<script>alert("x")</script> Good machines <img src=x onerror=alert(1)>',
    name: 'Meena Sundaram 2',
    position: 'Production Manager',
    company: 'Sundaram Auto Components',
  },
  {
    id: '7f1c1a52-7a4e-4c4b-9d6b-0c1f7e0b2a12',
    rating: 5,
    text: 'Prompt service.',
    name: 'arun',
    position: null,
    company: null,
  },
];

const site = buildSiteSettings((settings) => {
  // One hidden testimonial: visitors never see it, approved reviews still follow the shown ones.
  settings.landing.testimonials[1]!.hidden = true;
});
const shown = site.landing.testimonials.filter((testimonial) => !testimonial.hidden);

describe('Testimonials', () => {
  it('shows the configured testimonials, then the approved reviews, as text', () => {
    const { container } = render(<Testimonials approved={approved} />, { wrapper: withSiteSettings(site) });
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(shown.length + 2);
    expect(within(items[0]!).getByText(shown[0]!.author)).toBeInTheDocument();

    const review = items[shown.length]!;
    expect(within(review).getByText('Meena Sundaram 2')).toBeInTheDocument();
    expect(within(review).getByText('Production Manager, Sundaram Auto Components')).toBeInTheDocument();
    expect(within(review).getByText('MS')).toBeInTheDocument();
    const rating = within(review).getByRole('img', { name: 'Rated 4 out of 5' });
    // Four solid stars and one outline, drawn by CSS (StarIcon), hidden from assistive technology.
    const stars = [...rating.children].map((star) => star.getAttribute('data-filled'));
    expect(stars).toEqual(['true', 'true', 'true', 'true', 'false']);
    expect(rating.querySelectorAll('.star-icon[aria-hidden="true"]')).toHaveLength(5);
    expect(
      within(review).getByText(/<script>alert\("x"\)<\/script> Good machines <img src=x onerror=alert\(1\)>/),
    ).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();

    expect(within(items.at(-1)!).getByText('A')).toBeInTheDocument();
    expect(screen.queryByText(site.landing.testimonials[1]!.author)).toBeNull();
  });

  it('shows only the configured testimonials when nothing is approved', () => {
    render(<Testimonials />, { wrapper: withSiteSettings(site) });
    expect(screen.getAllByRole('listitem')).toHaveLength(shown.length);
  });
});
