import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RatingStars } from './rating-stars';

const filledStars = (container: HTMLElement) =>
  [...container.querySelectorAll('[data-filled]')].map((star) => star.getAttribute('data-filled'));

describe('RatingStars', () => {
  it('is one picture read out as the rating, its five stars decoration', () => {
    const { container } = render(<RatingStars rating={4} starClassName="size-4" />);
    const picture = screen.getByRole('img', { name: 'Rated 4 out of 5' });
    expect(picture.querySelectorAll('[aria-hidden="true"]')).toHaveLength(5);
    expect(filledStars(container)).toEqual(['true', 'true', 'true', 'true', 'false']);
    expect(picture.querySelector('.star-icon')).toHaveClass('size-4');
  });

  it('reads out an average as it is and fills the stars to its nearest whole one', () => {
    const { container, rerender } = render(<RatingStars rating={4.5} starClassName="size-5" />);
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(filledStars(container)).toEqual(['true', 'true', 'true', 'true', 'true']);
    rerender(<RatingStars rating={3.4} starClassName="size-5" />);
    expect(filledStars(container)).toEqual(['true', 'true', 'true', 'false', 'false']);
  });
});
