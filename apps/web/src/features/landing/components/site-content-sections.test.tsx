import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSiteSettings, withSiteSettings } from '@/testing/site-settings';
import { HeroSection } from './hero-section';
import { LandingFooter } from './landing-footer';
import { Testimonials } from './testimonials';

describe('landing sections show the site settings staff saved', () => {
  it('the hero shows the saved heading and text', () => {
    const site = buildSiteSettings((settings) => {
      settings.landing.hero = { eyebrow: '', heading: 'Lathes that run for decades', text: 'Since 1998.' };
    });
    render(<HeroSection />, { wrapper: withSiteSettings(site) });
    expect(screen.getByRole('heading', { level: 1, name: 'Lathes that run for decades' })).toBeInTheDocument();
    expect(screen.getByText('Since 1998.')).toBeInTheDocument();
    expect(screen.queryByText('Made in Coimbatore, Tamil Nadu')).not.toBeInTheDocument();
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
    const { unmount } = render(<LandingFooter />, { wrapper: withSiteSettings() });
    expect(screen.queryByText(/GSTIN/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'YouTube' })).toBeInTheDocument();
    unmount();

    const site = buildSiteSettings((settings) => {
      settings.company.gstin = '33AABCU9603R1ZM';
      settings.company.social.youtube = '';
    });
    render(<LandingFooter />, { wrapper: withSiteSettings(site) });
    expect(screen.getByText('GSTIN 33AABCU9603R1ZM')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'YouTube' })).not.toBeInTheDocument();
  });
});
