import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { featuredHandlers } from '@/testing/mocks/featured';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { LandingPage } from './landing-page';

const scrollIntoView = vi.fn();

describe('LandingPage', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = scrollIntoView;
    scrollIntoView.mockClear();
    server.use(...featuredHandlers());
  });
  afterEach(() => vi.useRealTimers());

  it('stacks the sections in the spec order with their anchors, plus the slots', async () => {
    const { container } = renderWithProviders(
      <LandingPage
        contact={<section id="contact">Contact slot</section>}
        floating={<div>Floating slot</div>}
        loginDialog={<div>Login slot</div>}
      />,
    );
    await waitFor(() => expect(screen.queryByText('Loading featured products...')).not.toBeInTheDocument());
    const ids = [...container.querySelectorAll('main section[id]')].map((section) => section.id);
    expect(ids).toEqual(['home', 'about', 'services', 'contact']); // products hidden: no featured items
    expect(screen.getByRole('heading', { level: 1, name: 'Kovai Precision Machines' })).toBeInTheDocument();
    expect(screen.getByText(/over 25 years/)).toBeInTheDocument();
    expect(screen.getByText('Floating slot')).toBeInTheDocument();
    expect(screen.getByText('Login slot')).toBeInTheDocument();
  });

  it('scrolls smoothly to #contact 100 ms after arriving with the hash', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderWithProviders(<LandingPage contact={<section id="contact">Contact slot</section>} />, { url: '/#contact' });
    act(() => vi.advanceTimersByTime(99));
    expect(scrollIntoView).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toHaveProperty('id', 'contact');
    expect(scrollIntoView).toHaveBeenCalledWith(expect.objectContaining({ behavior: 'smooth' }));
  });
});
