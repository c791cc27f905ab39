import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LandingFooter } from './landing-footer';
import { withSiteSettings } from '@/testing/site-settings';

describe('LandingFooter', () => {
  it('shows the current-year copyright', () => {
    render(<LandingFooter />, { wrapper: withSiteSettings() });
    expect(
      screen.getByText(`© ${new Date().getFullYear()} Kovai Precision Machines. All rights reserved.`),
    ).toBeInTheDocument();
  });

  it('uses the year it is given', () => {
    render(<LandingFooter year={2031} />, { wrapper: withSiteSettings() });
    expect(screen.getByText('© 2031 Kovai Precision Machines. All rights reserved.')).toBeInTheDocument();
  });

  it('calls onAdminAccess from the Admin Access button', async () => {
    const onAdminAccess = vi.fn();
    render(<LandingFooter onAdminAccess={onAdminAccess} />, { wrapper: withSiteSettings() });
    await userEvent.click(screen.getByRole('button', { name: 'Admin Access' }));
    expect(onAdminAccess).toHaveBeenCalledTimes(1);
  });

  it('signals intent on pointer enter and focus of Admin Access, before any click', async () => {
    const onAdminAccess = vi.fn();
    const onAdminAccessIntent = vi.fn();
    render(<LandingFooter onAdminAccess={onAdminAccess} onAdminAccessIntent={onAdminAccessIntent} />, {
      wrapper: withSiteSettings(),
    });
    const button = screen.getByRole('button', { name: 'Admin Access' });
    await userEvent.hover(button);
    expect(onAdminAccessIntent).toHaveBeenCalledTimes(1);
    act(() => button.focus());
    expect(onAdminAccessIntent).toHaveBeenCalledTimes(2);
    expect(onAdminAccess).not.toHaveBeenCalled();
  });

  it('links to the five sections and the four social networks in new tabs', () => {
    render(<LandingFooter />, { wrapper: withSiteSettings() });
    const footerNav = screen.getByRole('navigation', { name: 'Footer' });
    expect(
      within(footerNav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['#home', '#about', '#products', '#services', '#contact']);
    for (const name of ['Facebook', 'Instagram', 'LinkedIn', 'YouTube']) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
    }
  });

  it('shows the Coimbatore address, two phones and the email', () => {
    render(<LandingFooter />, { wrapper: withSiteSettings() });
    expect(screen.getByText('Coimbatore, Tamil Nadu 641021')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^\+91/ })).toHaveLength(2);
    expect(screen.getByRole('link', { name: /@/ })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
  });
});
