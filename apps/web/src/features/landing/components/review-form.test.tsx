import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ReviewForm } from './review-form';

const stars = () => screen.getAllByRole('radio');
const filled = (container: HTMLElement) => container.querySelectorAll('svg[data-filled="true"]').length;

describe('ReviewForm', () => {
  it('labels every field', () => {
    render(<ReviewForm />);
    expect(screen.getByRole('radiogroup', { name: 'Your rating' })).toBeInTheDocument();
    for (const label of ['Your experience', 'Name', 'Position', 'Company']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
  });

  it('selects a rating from the keyboard', async () => {
    const user = userEvent.setup();
    const { container } = render(<ReviewForm />);
    expect(filled(container)).toBe(0);

    await user.tab();
    expect(stars()[0]).toHaveFocus();
    await user.keyboard(' ');
    expect(stars()[0]).toBeChecked();
    expect(filled(container)).toBe(1);

    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(filled(container)).toBe(4);
  });

  it('highlights stars on hover without changing the selection', async () => {
    const user = userEvent.setup();
    const { container } = render(<ReviewForm />);
    await user.click(screen.getByRole('radio', { name: '2 stars' }));
    await user.hover(screen.getByRole('radio', { name: '5 stars' }).closest('label')!);
    expect(filled(container)).toBe(5);
    await user.unhover(screen.getByRole('radiogroup'));
    fireEvent.mouseLeave(screen.getByRole('radio', { name: '5 stars' }).closest('label')!.parentElement!);
    expect(filled(container)).toBe(2);
    expect(screen.getByRole('radio', { name: '2 stars' })).toBeChecked();
  });

  it('does nothing on submit beyond staying on the page', async () => {
    const user = userEvent.setup();
    render(<ReviewForm />);
    await user.type(screen.getByLabelText('Name'), 'Anand');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Anand');
  });
});
