import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildMachine, buildSparePart } from '@/testing/fixtures';
import { server } from '@/testing/mocks/server';
import { buildSiteSettings, siteSettingsHandler } from '@/testing/site-settings';
import { renderApp } from '@/testing/test-utils';

/** An item's brand line: the maker's name, or for the company's own machines its current name. */

const notFound = () => HttpResponse.json({ message: 'Not found' }, { status: 404 });

function serve(kind: 'machine' | 'spare', value: object, companyName: string) {
  server.use(
    siteSettingsHandler(buildSiteSettings((site) => (site.company.name = companyName))),
    http.get('/api/products/:id', () => (kind === 'machine' ? HttpResponse.json(value) : notFound())),
    http.get('/api/services/:id', notFound),
    http.get('/api/spareparts/:id', () => (kind === 'spare' ? HttpResponse.json(value) : notFound())),
  );
}

const brandLine = async (name: string) =>
  (await screen.findByRole('heading', { level: 1, name })).previousElementSibling?.textContent ?? null;

describe('the brand above a product’s name', () => {
  it('is the company’s current name for a machine without a brand (its own make)', async () => {
    const machine = buildMachine({ name: 'Capstan Lathe CL-25', brand: null });
    serve('machine', machine, 'Sri Murugan Lathes');
    renderApp(`/product/${machine.id}`);
    await waitFor(async () => expect(await brandLine('Capstan Lathe CL-25')).toBe('Sri Murugan Lathes'));
  });

  it('is the maker’s name when the machine has one', async () => {
    const machine = buildMachine({ name: 'Turret Lathe', brand: 'Fanuc' });
    serve('machine', machine, 'Sri Murugan Lathes');
    renderApp(`/product/${machine.id}`);
    expect(await brandLine('Turret Lathe')).toBe('Fanuc');
  });

  it('is absent for a spare part without one', async () => {
    const part = buildSparePart({ name: 'Collet 25 mm' });
    serve('spare', part, 'Sri Murugan Lathes');
    renderApp(`/product/${part.id}`);
    expect(await brandLine('Collet 25 mm')).toBeNull();
  });
});
