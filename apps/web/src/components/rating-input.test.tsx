import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { RatingInput } from './rating-input';

const filled = (container: HTMLElement) => container.querySelectorAll('[data-filled="true"]').length;

describe('RatingInput', () => {
  it('is a labelled group of five radio buttons named for the form, each read out as its stars', () => {
    render(<RatingInput name="rating" legend="Your rating" errorId="rating-error" />);
    const group = screen.getByRole('radiogroup', { name: 'Your rating' });
    expect(group).not.toHaveAttribute('aria-invalid');
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('name'))).toEqual(Array(5).fill('rating'));
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('radio', { name: '1 star' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeInTheDocument();
    expect(radios.some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
  });

  it('is chosen from the keyboard, filling the stars up to the choice and reporting it', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    const { container } = render(
      <RatingInput name="rating" legend="Your rating" errorId="rating-error" onChange={onChange} />,
    );
    expect(filled(container)).toBe(0);

    await user.tab();
    expect(screen.getByRole('radio', { name: '1 star' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('radio', { name: '1 star' })).toBeChecked();
    expect(filled(container)).toBe(1);

    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(filled(container)).toBe(4);
    expect(onChange).toHaveBeenLastCalledWith(4);
  });

  it('starts at the rating given and previews a star under the pointer without choosing it', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = render(<RatingInput name="rating" legend="Rating" defaultValue={2} errorId="e" />);
    expect(screen.getByRole('radio', { name: '2 stars' })).toBeChecked();
    expect(filled(container)).toBe(2);

    await user.hover(screen.getByRole('radio', { name: '5 stars' }).closest('label')!);
    expect(filled(container)).toBe(5);
    fireEvent.mouseLeave(screen.getByRole('radio', { name: '5 stars' }).closest('label')!.parentElement!);
    expect(filled(container)).toBe(2);
    expect(screen.getByRole('radio', { name: '2 stars' })).toBeChecked();
  });

  it('describes the group by its error while there is one', () => {
    render(<RatingInput name="rating" legend="Your rating" errorId="rating-error" error="Please choose a rating" />);
    const group = screen.getByRole('radiogroup', { name: 'Your rating' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Please choose a rating');
  });

  it("works from the server's HTML, then takes over a star chosen before the app started", async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<RatingInput name="rating" legend="Your rating" errorId="e" />);
    document.body.append(container);
    // Until the app draws the stars, CSS fills them from the radio buttons (index.css).
    expect(container.querySelector('.rating-stars')).not.toHaveAttribute('data-drawn');
    expect(container.querySelectorAll('input[type="radio"][name="rating"]')).toHaveLength(5);
    container.querySelector<HTMLInputElement>('input[value="3"]')!.checked = true;

    const root = await act(async () =>
      hydrateRoot(container, <RatingInput name="rating" legend="Your rating" errorId="e" />),
    );
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(filled(container)).toBe(3);
    expect(container.querySelector('.rating-stars')).toHaveAttribute('data-drawn', 'true');
    act(() => root.unmount());
    container.remove();
  });
});
