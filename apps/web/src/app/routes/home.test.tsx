import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { featuredHandlers } from '@/testing/mocks/featured';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

describe('/ (landing page route)', () => {
  it('has one bar and one footer of its own, the contact section, and Admin Access opens the login dialog', async () => {
    server.use(...featuredHandlers());
    const { container } = renderApp('/');
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    // The footer shows the company as staff set it: it appears with the site settings.
    expect(await screen.findAllByRole('contentinfo')).toHaveLength(1);
    expect(container.querySelector('#contact')).not.toBeNull();

    await userEvent.click(within(screen.getByRole('contentinfo')).getByRole('button', { name: 'Admin Access' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});
