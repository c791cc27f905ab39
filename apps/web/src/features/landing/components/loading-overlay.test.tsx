import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingOverlay } from './loading-overlay';

describe('LoadingOverlay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('covers the page on arrival and is gone after 1500 ms', () => {
    render(<LoadingOverlay />);
    expect(screen.getByTestId('loading-overlay')).toHaveClass('fixed', 'inset-0');

    act(() => vi.advanceTimersByTime(1499));
    expect(screen.getByTestId('loading-overlay')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
  });
});
