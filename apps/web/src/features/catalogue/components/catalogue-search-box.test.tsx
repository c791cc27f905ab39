import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { CatalogueSearchBox } from './catalogue-search-box';

describe('CatalogueSearchBox', () => {
  it('searches for what was typed into the server-rendered box before the app took it over', () => {
    const onTextChange = vi.fn();
    const box = (
      <CatalogueSearchBox
        tab="machines"
        text=""
        resetKey={0}
        shownTerm=""
        onTextChange={onTextChange}
        onCommit={vi.fn()}
      />
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(box);
    document.body.append(container);
    // The visitor typed while the page was still only HTML (decision 009).
    container.querySelector('input')!.value = 'lath';

    render(box, { container, hydrate: true });
    expect(onTextChange).toHaveBeenCalledWith('lath');
    expect(screen.getByRole('searchbox', { name: 'Search machines' })).toHaveValue('lath');
    expect(screen.getByRole('button', { name: 'Clear search text' })).toBeInTheDocument();
  });

  it('asks for nothing when nothing was typed before the app took over', () => {
    const onTextChange = vi.fn();
    const box = (
      <CatalogueSearchBox
        tab="machines"
        text="collet"
        resetKey={0}
        shownTerm="collet"
        onTextChange={onTextChange}
        onCommit={vi.fn()}
      />
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(box);
    document.body.append(container);

    render(box, { container, hydrate: true });
    expect(onTextChange).not.toHaveBeenCalled();
    expect(screen.getByRole('searchbox', { name: 'Search machines' })).toHaveValue('collet');
    expect(screen.queryByText('Searching…')).not.toBeInTheDocument();
  });

  it('shows it is busy from the keystroke until the results on screen answer what was typed', async () => {
    const props = { tab: 'machines' as const, text: '', resetKey: 0, onTextChange: vi.fn(), onCommit: vi.fn() };
    const user = userEvent.setup({ delay: null });
    const { rerender } = render(<CatalogueSearchBox {...props} shownTerm="" />);
    expect(screen.queryByText('Searching…')).not.toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search machines' }), 'xyzzy');
    expect(screen.getByText('Searching…')).toBeInTheDocument();
    rerender(<CatalogueSearchBox {...props} shownTerm="xyzzy" />);
    expect(screen.queryByText('Searching…')).not.toBeInTheDocument();
  });
});
