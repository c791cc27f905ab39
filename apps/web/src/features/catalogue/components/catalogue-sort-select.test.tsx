import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { CatalogueSort } from '../lib/catalogue-items';
import { CatalogueSortSelect } from './catalogue-sort-select';

/** The server's HTML for the list, with `picked` chosen in it before any script ran, then hydrated. */
function hydrateAfterPicking(sort: CatalogueSort, picked: string | null, onSortChange: (sort: CatalogueSort) => void) {
  const list = <CatalogueSortSelect sort={sort} onSortChange={onSortChange} />;
  const container = document.createElement('div');
  container.innerHTML = renderToString(list);
  document.body.append(container);
  if (picked !== null) container.querySelector('select')!.value = picked;
  return render(list, { container, hydrate: true });
}

describe('CatalogueSortSelect', () => {
  it('applies an order picked in the server-rendered list before the app took it over', () => {
    const onSortChange = vi.fn();
    hydrateAfterPicking('name', 'price', onSortChange);
    expect(onSortChange).toHaveBeenCalledTimes(1);
    expect(onSortChange).toHaveBeenCalledWith('price');
  });

  it('asks for nothing when the list still shows the order of the page', () => {
    const onSortChange = vi.fn();
    hydrateAfterPicking('featured', null, onSortChange);
    expect(onSortChange).not.toHaveBeenCalled();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('featured');
  });

  it('reports an order chosen once the app runs', async () => {
    const onSortChange = vi.fn();
    render(<CatalogueSortSelect sort="name" onSortChange={onSortChange} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Featured first');
    expect(onSortChange).toHaveBeenCalledWith('featured');
  });
});
