import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSiteSettings, withSiteSettings } from '@/testing/site-settings';
import { HeroSection } from './hero-section';
import { LandingFooter } from './landing-footer';
import { Testimonials } from './testimonials';

describe('landing sections show the site settings staff saved', () => {
  it('the hero shows the saved heading and text', () => {
    const site = buildSiteSettings((settings) => {
      settings.landing.hero = {
        eyebrow: '',
        heading: 'Lathes that run for decades',
        text: 'Since 1998.',
        picture: null,
      };
    });
    render(<HeroSection />, { wrapper: withSiteSettings(site) });
    expect(screen.getByRole('heading', { level: 1, name: 'Lathes that run for decades' })).toBeInTheDocument();
    expect(screen.getByText('Since 1998.')).toBeInTheDocument();
    expect(screen.queryByText('Made in Coimbatore, Tamil Nadu')).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('the hero shows the saved picture at high priority, with its size and every stored width to choose from', () => {
    const id = '3f2b8c1e-5a4d-4e6f-8a7b-9c0d1e2f3a4b';
    const site = buildSiteSettings((settings) => {
      settings.landing.hero.picture = { url: `/uploads/${id}.webp`, alt: 'The works floor', width: 1600, height: 1200 };
    });
    render(<HeroSection />, { wrapper: withSiteSettings(site) });
    const picture = screen.getByRole('img', { name: 'The works floor' });
    expect(picture).toHaveAttribute('src', `/uploads/${id}.webp`);
    expect(picture).toHaveAttribute('fetchpriority', 'high');
    expect(picture).toHaveAttribute('loading', 'eager');
    expect(picture).toHaveAttribute('width', '1600');
    expect(picture).toHaveAttribute('height', '1200');
    expect(picture).toHaveAttribute(
      'srcset',
      `/uploads/${id}-thumb.webp 480w, /uploads/${id}-960.webp 960w, /uploads/${id}.webp 1600w`,
    );
    expect(picture.getAttribute('sizes')).toMatch(/^\(min-width: 1152px\) 440px, .*calc\(100vw - 32px\)$/);
  });

  it('testimonials keep the saved order and leave hidden ones out', () => {
    const site = buildSiteSettings((settings) => {
      settings.landing.testimonials = [...settings.landing.testimonials].reverse();
      settings.landing.testimonials[1]!.hidden = true;
    });
    render(<Testimonials />, { wrapper: withSiteSettings(site) });
    const items = screen.getAllByRole('listitem').map((item) => item.textContent ?? '');
    expect(items).toHaveLength(2);
    expect(items[0]).toContain('Mohammed Irfan');
    expect(items[1]).toContain('Rajesh Kumar');
    expect(screen.queryByText(/Priya Venkatesh/)).not.toBeInTheDocument();
  });

  it('the footer shows the GSTIN only when it is set, and only the social links that are set', () => {
    // The seeded company has a demo GSTIN (decision 075): this one has none.
    const none = buildSiteSettings((settings) => {
      settings.company.gstin = '';
    });
    const { unmount } = render(<LandingFooter />, { wrapper: withSiteSettings(none) });
    expect(screen.queryByText(/GSTIN/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'YouTube' })).toBeInTheDocument();
    unmount();

    const site = buildSiteSettings((settings) => {
      settings.company.gstin = '33AABCU9603R1ZU';
      settings.company.social.youtube = '';
    });
    render(<LandingFooter />, { wrapper: withSiteSettings(site) });
    expect(screen.getByText('GSTIN 33AABCU9603R1ZU')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'YouTube' })).not.toBeInTheDocument();
  });
});
