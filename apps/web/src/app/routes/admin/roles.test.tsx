import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_STORAGE_KEY, ADMIN_USER_STORAGE_KEY, type StaffRole } from '@capstan/shared';
import { buildMachine } from '@/testing/fixtures';
import { pendingReviewsHandler } from '@/testing/mocks/admin-reviews';
import { adminStatsHandler } from '@/testing/mocks/admin-stats';
import { meHandler } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { fakePagedList } from '@/testing/paged-list-api';
import { renderApp } from '@/testing/test-utils';
import { translationGapsHandler } from '@/features/admin-catalogue/testing/translation-gaps-api';
import { NOT_FOR_YOUR_ROLE } from './require-permission';

/** The back office shows each role only what it may use. */
function signInAs(role: StaffRole) {
  server.use(
    meHandler(role),
    adminStatsHandler(),
    pendingReviewsHandler(),
    fakePagedList('/api/products', [buildMachine({ id: 'm-1', name: 'Capstan CL-25' })]),
    fakePagedList('/api/spareparts', []),
    fakePagedList('/api/services', []),
    // The products screen's "what is left to translate" (catalogue.write only).
    translationGapsHandler(),
  );
  localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, `${role}-token`);
  localStorage.setItem(
    ADMIN_USER_STORAGE_KEY,
    JSON.stringify({ id: `${role}-id`, email: `${role}@example.com`, username: role }),
  );
}

async function sidebarLinks(): Promise<string[]> {
  const nav = screen.getAllByRole('navigation', { name: 'Admin' })[0];
  if (!nav) throw new Error('no admin navigation');
  // The role-dependent entries appear once /api/auth/me has answered; Account is always there.
  await within(nav).findByRole('link', { name: 'Account' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent?.trim() ?? '');
}

describe('what each role sees', () => {
  it.each([
    [
      'owner',
      [
        'Dashboard',
        'Products',
        'Import / export',
        'Machine categories',
        'Delivery and warranty',
        'Inquiries',
        'Quotations',
        'Outbox',
        'Installed machines',
        'Service requests',
        'Company',
        'Landing page',
        'Chat',
        'Reviews',
        'Backups',
        'Activity',
        'Staff',
        'Account',
      ],
    ],
    [
      'editor',
      [
        'Dashboard',
        'Products',
        'Import / export',
        'Machine categories',
        'Delivery and warranty',
        'Landing page',
        'Chat',
        'Reviews',
        'Activity',
        'Account',
      ],
    ],
    [
      'sales',
      [
        'Dashboard',
        'Products',
        'Download catalogue',
        'Inquiries',
        'Quotations',
        'Outbox',
        'Installed machines',
        'Account',
      ],
    ],
  ] as const)('%s: sidebar entries', async (role, expected) => {
    signInAs(role);
    renderApp('/admin/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await screen.findByRole('link', { name: 'Manage products' });
    if (role === 'owner') await screen.findByRole('link', { name: /Staff/ });
    if (role !== 'editor') await screen.findByRole('link', { name: /Inquiries/ });
    expect((await sidebarLinks()).map((text) => text.replace(/\d+ (new|waiting)$/, ''))).toEqual(expected);
  });

  it('sales sees the catalogue read-only: no add, edit, delete or featured buttons', async () => {
    signInAs('sales');
    renderApp('/admin/products');
    expect(await screen.findByText('Capstan CL-25')).toBeInTheDocument();
    expect(await screen.findByText('Your role can see the catalogue but not change it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add New Machine' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Machine' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Capstan CL-25' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Featured Products' })).not.toBeInTheDocument();
    // The dashboard's quick actions leave out what sales cannot do.
  });

  it('an editor gets the catalogue buttons', async () => {
    signInAs('editor');
    renderApp('/admin/products');
    expect(await screen.findByRole('button', { name: 'Add New Machine' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Delete Capstan CL-25' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Featured Products' })).toBeInTheDocument();
    expect(screen.queryByText('Your role can see the catalogue but not change it.')).not.toBeInTheDocument();
  });

  it('sales on the dashboard gets only the quick actions it may take', async () => {
    signInAs('sales');
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('link', { name: 'View inquiries' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage products' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Choose featured products' })).not.toBeInTheDocument();
  });

  it.each([
    ['sales', '/admin/staff'],
    ['sales', '/admin/products/add'],
    ['sales', '/admin/featured-products'],
    ['sales', '/admin/activity'],
    ['editor', '/admin/staff'],
    ['editor', '/admin/inquiries'],
    // The emails about leads, and a lead an email links to, are not an editor's to read.
    ['editor', '/admin/outbox'],
    ['editor', '/admin/inquiries/i1'],
    // The archives hold everything, staff accounts included: owners only.
    ['editor', '/admin/site/backups'],
    ['sales', '/admin/site/backups'],
    // Quotations are owners' and sales' (issue 39): an editor neither lists, prepares nor opens one.
    ['editor', '/admin/quotations'],
    ['editor', '/admin/quotations/q1'],
    ['editor', '/admin/quotations/q1/edit'],
    ['editor', '/admin/inquiries/i1/quotation'],
  ] as const)('%s opening %s by its address is told plainly, and nothing is asked of the server', async (role, url) => {
    const asked: string[] = [];
    signInAs(role);
    server.use(
      http.get('/api/admin/staff', () => {
        asked.push('staff');
        return HttpResponse.json({ staff: [] });
      }),
      http.get('/api/admin/backups', () => {
        asked.push('backups');
        return HttpResponse.json({ message: 'Forbidden' }, { status: 403 });
      }),
      http.get('/api/quotations', () => {
        asked.push('quotations');
        return HttpResponse.json({ message: 'Forbidden' }, { status: 403 });
      }),
      http.get('/api/quotations/:id', () => {
        asked.push('quotation');
        return HttpResponse.json({ message: 'Forbidden' }, { status: 403 });
      }),
      http.get('/api/inquiries/:id', () => {
        asked.push('inquiry');
        return HttpResponse.json({ message: 'Forbidden' }, { status: 403 });
      }),
    );
    renderApp(url);
    expect(await screen.findByText(NOT_FOR_YOUR_ROLE)).toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
