import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { featuredHandlers } from '@/testing/mocks/featured';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

describe('404 page', () => {
  it.each(['/no-such-page', '/products/extra/segments', '/admin-like'])('shows 404 Not Found at %s', (url) => {
    renderApp(url);
    expect(screen.getByRole('heading', { level: 1, name: '404 Not Found' })).toBeInTheDocument();
  });

  it('links back home', async () => {
    server.use(...featuredHandlers());
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/missing');

    const home = screen.getByRole('link', { name: 'Back to home' });
    expect(home).toHaveAttribute('href', '/');
    await user.click(home);
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kovai Precision Machines' })).toBeInTheDocument();
  });

  it('is not shown on a real route', async () => {
    server.use(...featuredHandlers());
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kovai Precision Machines' })).toBeInTheDocument();
    expect(screen.queryByText('404 Not Found')).not.toBeInTheDocument();
  });
});
