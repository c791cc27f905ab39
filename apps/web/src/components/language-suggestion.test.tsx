import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '@/lib/i18n';
import { LANGUAGE_SUGGESTION_DISMISSED_KEY, LanguageSuggestion, suggestedLocale } from './language-suggestion';

function preferring(...languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('suggestedLocale', () => {
  it('is Tamil or Hindi only when the browser reads it before English', () => {
    expect(suggestedLocale(['ta-IN', 'en-GB'])).toBe('ta');
    expect(suggestedLocale(['fr', 'hi', 'en'])).toBe('hi');
    expect(suggestedLocale(['en-IN', 'ta'])).toBeNull();
    expect(suggestedLocale(['de-DE'])).toBeNull();
    expect(suggestedLocale([])).toBeNull();
  });
});

describe('the language suggestion', () => {
  it('offers the same page in Tamil, in Tamil, until the visitor says no', async () => {
    preferring('ta-IN', 'en');
    const user = userEvent.setup({ delay: null });
    const { unmount } = render(<LanguageSuggestion here="/products?tab=spares" />);
    const link = await screen.findByRole('link', { name: 'தமிழில் படிக்க' });
    expect(link).toHaveAttribute('href', '/ta/products?tab=spares');
    expect(screen.getByText(/இந்தப் பக்கம் தமிழிலும் கிடைக்கிறது/)).toBeInTheDocument();
    expect(screen.getByRole('complementary')).toHaveAttribute('lang', 'ta');

    await user.click(screen.getByRole('button', { name: 'வேண்டாம், நன்றி' }));
    expect(screen.queryByRole('link', { name: 'தமிழில் படிக்க' })).not.toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_SUGGESTION_DISMISSED_KEY)).toBe('ta');
    unmount();

    // Said no once: not again in this browser, though the browser still prefers Tamil.
    render(<LanguageSuggestion here="/" />);
    // The Tamil messages it would load are here by now (the same module).
    await act(async () => {
      await loadMessages('ta');
    });
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  it('offers Hindi to a Hindi reader, and nothing to an English one', async () => {
    preferring('hi');
    const { unmount } = render(<LanguageSuggestion here="/" />);
    expect(await screen.findByRole('link', { name: 'हिंदी में पढ़ें' })).toHaveAttribute('href', '/hi/');
    unmount();

    preferring('en-IN', 'hi');
    render(<LanguageSuggestion here="/" />);
    await waitFor(() => expect(screen.queryByRole('complementary')).not.toBeInTheDocument());
  });
});
