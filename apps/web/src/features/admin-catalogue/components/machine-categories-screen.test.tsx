import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { findModalDialog } from '@/testing/find-dialog';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  machineCategorySlug,
  type MachineCategory,
  type MachineCategoryInput,
  type MachineCategoryTranslations,
} from '@capstan/shared';
import { inAdminLocale } from '@/testing/locale';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { MachineCategoriesScreen } from './machine-categories-screen';

/** The server's rule for translated names: per language a name sets, '' removes, absent keeps. */
function patched(stored: MachineCategoryTranslations = {}, sent: MachineCategoryInput['translations']) {
  const result: MachineCategoryTranslations = { ...stored };
  for (const [locale, name] of Object.entries(sent ?? {}) as ['ta' | 'hi', string][]) {
    if (name === '') delete result[locale];
    else result[locale] = name;
  }
  return Object.keys(result).length === 0 ? undefined : result;
}

/** An in-memory categories API with the server's rules: unique names, only empty categories deleted. */
function categoriesApi(initial: MachineCategory[]) {
  const categories = initial.map((category) => ({ ...category }));
  const calls: { method: string; url: string; body: unknown }[] = [];
  const reads: string[] = [];
  const taken = (name: string, except?: string) =>
    categories.some((c) => c.slug !== except && c.name.toLowerCase() === name.toLowerCase());
  server.use(
    http.get('/api/machine-categories', ({ request }) => {
      reads.push(new URL(request.url).search);
      return HttpResponse.json(categories);
    }),
    http.post('/api/machine-categories', async ({ request }) => {
      const body = (await request.json()) as MachineCategoryInput;
      calls.push({ method: 'POST', url: '/api/machine-categories', body });
      if (taken(body.name)) {
        return HttpResponse.json({ message: `A machine category named ${body.name} already exists.` }, { status: 409 });
      }
      const translations = patched({}, body.translations);
      const created = { slug: machineCategorySlug(body.name), name: body.name, machineCount: 0, translations };
      categories.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('/api/machine-categories/:slug', async ({ params, request }) => {
      const body = (await request.json()) as MachineCategoryInput;
      calls.push({ method: 'PUT', url: `/api/machine-categories/${String(params.slug)}`, body });
      if ((body.translations?.hi?.length ?? 0) > 60) {
        return HttpResponse.json(
          {
            message: 'Validation failed',
            issues: [{ path: ['translations', 'hi'], message: 'Category name must be at most 60 characters' }],
          },
          { status: 400 },
        );
      }
      const category = categories.find((c) => c.slug === params.slug);
      if (!category) return HttpResponse.json({ message: 'Machine category not found' }, { status: 404 });
      if (taken(body.name, category.slug)) {
        return HttpResponse.json({ message: `A machine category named ${body.name} already exists.` }, { status: 409 });
      }
      category.name = body.name;
      category.translations = patched(category.translations, body.translations);
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
  return { calls, categories, reads };
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
    const refusal = await findModalDialog();
    expect(refusal).toHaveTextContent('Capstan lathe still has 4 machines. Move them to another category');
    expect(within(refusal).queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(within(refusal).getByRole('button', { name: 'OK' }));

    await user.click(within(await rowOf('Bar feeder')).getByRole('button', { name: 'Delete Bar feeder' }));
    const dialog = await findModalDialog();
    expect(dialog).toHaveTextContent('Delete Bar feeder?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Bar feeder', { exact: true })).toBeNull());
    expect(calls).toEqual([{ method: 'DELETE', url: '/api/machine-categories/bar-feeder', body: null }]);
  });

  describe('Tamil and Hindi names', () => {
    /** A row being edited: its name is in an input, not in its text. */
    const editedRow = (name: string) => {
      const row = screen.getByLabelText(`New name for ${name}`).closest('li');
      if (!row) throw new Error(`no row editing ${name}`);
      return row;
    };

    const NAMED: MachineCategory = { ...CAPSTAN, translations: { ta: 'கேப்ஸ்டன் லேத்' } };

    it('shows each row’s Tamil and Hindi names in their language, or that the English shows, in a Tamil back office too', async () => {
      const { reads } = categoriesApi([NAMED]);
      renderWithProviders(<MachineCategoriesScreen />, { wrapper: inAdminLocale('ta') });
      // Staff edit the names as stored: the English one, whatever the back office's language.
      const row = (await screen.findByText('Capstan lathe', { exact: true })).closest('li');
      if (!row) throw new Error('no row for Capstan lathe');
      expect(within(row).getByText('கேப்ஸ்டன் லேத்')).toHaveAttribute('lang', 'ta');
      expect(row).toHaveTextContent('இந்தி: இன்னும் இல்லை, ஆங்கிலப் பெயர் காட்டப்படும்');
      expect(reads).toEqual(['']);
    });

    it('sets a Hindi name and removes the Tamil one without renaming, sending only what changed', async () => {
      const user = userEvent.setup({ delay: null });
      const { calls } = categoriesApi([NAMED]);
      renderWithProviders(<MachineCategoriesScreen />);

      await user.click(within(await rowOf('Capstan lathe')).getByRole('button', { name: 'Rename Capstan lathe' }));
      const editing = editedRow('Capstan lathe');
      const tamil = within(editing).getByLabelText('Tamil name (optional)');
      expect(tamil).toHaveValue('கேப்ஸ்டன் லேத்');
      expect(tamil).toHaveAttribute('lang', 'ta');
      await user.clear(tamil);
      await user.click(within(editing).getByLabelText('Hindi name (optional)'));
      await user.paste('कैप्स्टन लेथ');
      await user.click(within(editing).getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('The names of Capstan lathe were saved.')).toBeInTheDocument();
      expect(calls).toEqual([
        {
          method: 'PUT',
          url: '/api/machine-categories/capstan-lathe',
          body: { name: 'Capstan lathe', translations: { ta: '', hi: 'कैप्स्टन लेथ' } },
        },
      ]);
      const row = await rowOf('Capstan lathe');
      expect(within(row).getByText('कैप्स्टन लेथ')).toHaveAttribute('lang', 'hi');
      expect(row).toHaveTextContent('Tamil: none yet, the English name shows');
    });

    it('adds a category with its Tamil name, and shows the server’s refusal under the Hindi name', async () => {
      const user = userEvent.setup({ delay: null });
      const { calls } = categoriesApi([BAR_FEEDER]);
      renderWithProviders(<MachineCategoriesScreen />);
      await rowOf('Bar feeder');

      await user.type(screen.getByLabelText('New category'), 'Turret lathe');
      await user.click(screen.getAllByLabelText('Tamil name (optional)')[0]!);
      await user.paste('டரெட் லேத்');
      await user.click(screen.getByRole('button', { name: 'Add category' }));
      await rowOf('Turret lathe');
      expect(calls).toEqual([
        {
          method: 'POST',
          url: '/api/machine-categories',
          body: { name: 'Turret lathe', translations: { ta: 'டரெட் லேத்' } },
        },
      ]);

      await user.click(within(await rowOf('Bar feeder')).getByRole('button', { name: 'Rename Bar feeder' }));
      const row = editedRow('Bar feeder');
      const hindi = within(row).getByLabelText('Hindi name (optional)');
      // Past the input's own limit only by a paste the browser lets through: the server is the judge.
      hindi.removeAttribute('maxlength');
      await user.click(hindi);
      await user.paste('ब'.repeat(61));
      await user.click(within(row).getByRole('button', { name: 'Save' }));
      expect(await within(row).findByRole('alert')).toHaveTextContent('Category name must be at most 60 characters');
      expect(hindi).toHaveAttribute('aria-invalid', 'true');
      expect(within(row).getByLabelText('New name for Bar feeder')).not.toHaveAttribute('aria-invalid', 'true');
    });
  });
});
