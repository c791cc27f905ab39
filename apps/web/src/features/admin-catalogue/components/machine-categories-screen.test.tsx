import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { machineCategorySlug, type MachineCategory } from '@capstan/shared';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { MachineCategoriesScreen } from './machine-categories-screen';

/** An in-memory categories API with the server's rules: unique names, only empty categories deleted. */
function categoriesApi(initial: MachineCategory[]) {
  const categories = initial.map((category) => ({ ...category }));
  const calls: { method: string; url: string; body: unknown }[] = [];
  const taken = (name: string, except?: string) =>
    categories.some((c) => c.slug !== except && c.name.toLowerCase() === name.toLowerCase());
  server.use(
    http.get('/api/machine-categories', () => HttpResponse.json(categories)),
    http.post('/api/machine-categories', async ({ request }) => {
      const body = (await request.json()) as { name: string };
      calls.push({ method: 'POST', url: '/api/machine-categories', body });
      if (taken(body.name)) {
        return HttpResponse.json({ message: `A machine category named ${body.name} already exists.` }, { status: 409 });
      }
      const created = { slug: machineCategorySlug(body.name), name: body.name, machineCount: 0 };
      categories.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('/api/machine-categories/:slug', async ({ params, request }) => {
      const body = (await request.json()) as { name: string };
      calls.push({ method: 'PUT', url: `/api/machine-categories/${String(params.slug)}`, body });
      const category = categories.find((c) => c.slug === params.slug);
      if (!category) return HttpResponse.json({ message: 'Machine category not found' }, { status: 404 });
      if (taken(body.name, category.slug)) {
        return HttpResponse.json({ message: `A machine category named ${body.name} already exists.` }, { status: 409 });
      }
      category.name = body.name;
      return HttpResponse.json(category);
    }),
    http.delete('/api/machine-categories/:slug', ({ params }) => {
      calls.push({ method: 'DELETE', url: `/api/machine-categories/${String(params.slug)}`, body: null });
      const index = categories.findIndex((c) => c.slug === params.slug);
      const category = categories[index];
      if (!category) return HttpResponse.json({ message: 'Machine category not found' }, { status: 404 });
      if (category.machineCount > 0) {
        return HttpResponse.json({ message: `${category.name} still has machines.` }, { status: 409 });
      }
      categories.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { calls, categories };
}

const CAPSTAN: MachineCategory = { slug: 'capstan-lathe', name: 'Capstan lathe', machineCount: 4 };
const BAR_FEEDER: MachineCategory = { slug: 'bar-feeder', name: 'Bar feeder', machineCount: 0 };

const rowOf = async (name: string) => {
  const list = await screen.findByRole('list', { name: 'Machine categories' });
  const item = within(list)
    .getAllByRole('listitem')
    .find((li) => within(li).queryByText(name, { exact: true }) !== null);
  if (!item) throw new Error(`no row for ${name}`);
  return item;
};

describe('MachineCategoriesScreen', () => {
  it('lists each category with its machines, linked to the catalogue filtered by it', async () => {
    categoriesApi([CAPSTAN, BAR_FEEDER]);
    renderWithProviders(<MachineCategoriesScreen />);

    const capstan = await rowOf('Capstan lathe');
    expect(within(capstan).getByRole('link', { name: /4 machines/ })).toHaveAttribute(
      'href',
      '/products?category=capstan-lathe',
    );
    expect(within(await rowOf('Bar feeder')).getByText('No machines')).toBeInTheDocument();
  });

  it('adds a category, and refuses an empty name without calling the server', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = categoriesApi([CAPSTAN]);
    renderWithProviders(<MachineCategoriesScreen />);
    await rowOf('Capstan lathe');

    await user.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Category name is required');
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText('New category'), 'Turret lathe');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    await rowOf('Turret lathe');
    expect(calls).toEqual([{ method: 'POST', url: '/api/machine-categories', body: { name: 'Turret lathe' } }]);
    expect(screen.getByLabelText('New category')).toHaveValue('');
  });

  it('renames a category by its slug, and shows the server refusing a name already used', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, categories } = categoriesApi([CAPSTAN, BAR_FEEDER]);
    renderWithProviders(<MachineCategoriesScreen />);

    await user.click(within(await rowOf('Bar feeder')).getByRole('button', { name: 'Rename Bar feeder' }));
    const input = screen.getByLabelText('New name for Bar feeder');
    await user.clear(input);
    await user.type(input, 'Capstan lathe');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to rename: A machine category named Capstan lathe already exists.',
    );
    expect(categories.find((c) => c.slug === 'bar-feeder')?.name).toBe('Bar feeder');

    await user.clear(input);
    await user.type(input, 'Bar feeders and loaders');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await rowOf('Bar feeders and loaders');
    expect(calls.at(-1)).toEqual({
      method: 'PUT',
      url: '/api/machine-categories/bar-feeder',
      body: { name: 'Bar feeders and loaders' },
    });
  });

  it('Cancel and Escape leave a rename without calling the server', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = categoriesApi([BAR_FEEDER]);
    renderWithProviders(<MachineCategoriesScreen />);

    await user.click(within(await rowOf('Bar feeder')).getByRole('button', { name: 'Rename Bar feeder' }));
    await user.type(screen.getByLabelText('New name for Bar feeder'), ' X');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await rowOf('Bar feeder')).getByRole('button', { name: 'Rename Bar feeder' }));
    await user.keyboard('{Escape}');
    await rowOf('Bar feeder');
    expect(calls).toEqual([]);
  });

  it('deletes an empty category after asking, and explains instead of deleting one in use', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = categoriesApi([CAPSTAN, BAR_FEEDER]);
    renderWithProviders(<MachineCategoriesScreen />);

    await user.click(within(await rowOf('Capstan lathe')).getByRole('button', { name: 'Delete Capstan lathe' }));
    const refusal = await screen.findByRole('dialog');
    expect(refusal).toHaveTextContent('Capstan lathe still has 4 machines. Move them to another category');
    expect(within(refusal).queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(within(refusal).getByRole('button', { name: 'OK' }));

    await user.click(within(await rowOf('Bar feeder')).getByRole('button', { name: 'Delete Bar feeder' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete Bar feeder?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Bar feeder', { exact: true })).toBeNull());
    expect(calls).toEqual([{ method: 'DELETE', url: '/api/machine-categories/bar-feeder', body: null }]);
  });
});
