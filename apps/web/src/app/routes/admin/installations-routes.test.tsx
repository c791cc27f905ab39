import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_STORAGE_KEY, ADMIN_USER_STORAGE_KEY, type StaffRole } from '@capstan/shared';
import { pendingReviewsHandler } from '@/testing/mocks/admin-reviews';
import { adminStatsHandler } from '@/testing/mocks/admin-stats';
import { meHandler } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';
import { NOT_FOR_YOUR_ROLE } from './require-permission';

/** Issue 40's register of installed machines in the back office: its sidebar entry and its routes. */
function signInAs(role: StaffRole) {
  server.use(meHandler(role), adminStatsHandler(), pendingReviewsHandler());
  localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, `${role}-token`);
  localStorage.setItem(
    ADMIN_USER_STORAGE_KEY,
    JSON.stringify({ id: `${role}-id`, email: `${role}@example.com`, username: role }),
  );
}

const nav = () => {
  const found = screen.getAllByRole('navigation', { name: 'Admin' })[0];
  if (!found) throw new Error('no admin navigation');
  return found;
};

const EMPTY_LIST = { installations: [], total: 0, page: 1, pageSize: 25 };

describe('the Installed machines screens in the back office', () => {
  it('sales get the sidebar entry and read the register', async () => {
    signInAs('sales');
    server.use(http.get('/api/installations', () => HttpResponse.json(EMPTY_LIST)));
    renderApp('/admin/installations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Installed machines' })).toBeInTheDocument();
    const link = await within(nav()).findByRole('link', { name: 'Installed machines' });
    expect(link).toHaveAttribute('href', '/admin/installations');
    expect(await screen.findByText('No machines registered yet.')).toBeInTheDocument();
  });

  it.each([
    ['sales', '/admin/installations/new'],
    ['sales', '/admin/installations/i1/edit'],
    ['sales', '/admin/installations/import'],
    ['editor', '/admin/installations'],
    ['editor', '/admin/installations/i1'],
  ] as const)('%s opening %s by its address is told plainly, and nothing is asked of the server', async (role, url) => {
    const asked: string[] = [];
    signInAs(role);
    server.use(
      http.get('/api/installations', () => {
        asked.push('list');
        return HttpResponse.json({ message: 'Forbidden' }, { status: 403 });
      }),
      http.get('/api/installations/:id', () => {
        asked.push('one');
        return HttpResponse.json({ message: 'Forbidden' }, { status: 403 });
      }),
    );
    renderApp(url);
    expect(await screen.findByText(NOT_FOR_YOUR_ROLE)).toBeInTheDocument();
    expect(asked).toEqual([]);
    if (role === 'editor') {
      await within(nav()).findByRole('link', { name: 'Account' });
      expect(within(nav()).queryByRole('link', { name: 'Installed machines' })).not.toBeInTheDocument();
    }
  });

  it('the service role opens the register form from its address', async () => {
    signInAs('service');
    server.use(
      http.get('/api/products', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
      http.get('/api/site/company', () => HttpResponse.json({ warrantyMonthsDefault: 24 })),
    );
    renderApp('/admin/installations/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Register a machine' })).toBeInTheDocument();
  });
});
