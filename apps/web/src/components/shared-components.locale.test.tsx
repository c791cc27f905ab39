import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPARE_STORAGE_KEY } from '@/lib/compare-list';
import { inLocale } from '@/testing/locale';
import { buildSiteSettings, withSiteSettings } from '@/testing/site-settings';
import { CompareBar } from './compare-bar';
import { CompareToggle } from './compare-toggle';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { QueryState } from './query-state';
import { RatingInput } from './rating-input';
import { RatingStars } from './rating-stars';
import { StaleNotice } from './stale-notice';
import { Pagination } from './ui/pagination';
import { UploadRefusals } from './upload-refusals';
import { WhatsAppItemLink } from './whatsapp-item-link';

const Router = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;
const failed = { isPending: false, isError: true, data: undefined, refetch: () => Promise.resolve() };
const item = { id: 'a1b2', name: 'NP-38 Capstan Lathe', code: 'NP-38' };

/** What each page language shows: the words a test looks for, and the English they replace. */
const CASES = [
  {
    locale: 'ta',
    compareBar: 'ஒப்பிடு (2/4)',
    clear: 'ஒப்பீட்டை அழி',
    compare: 'ஒப்பிடு',
    compareItem: 'NP-38 Capstan Lathe-ஐ ஒப்பிடு',
    page: 'பக்கம் 3',
    next: 'அடுத்த பக்கம்',
    retry: 'மீண்டும் முயல்க',
    rated: '5-க்கு 4.5 மதிப்பீடு',
    star: '1 நட்சத்திரம்',
    stars: '5 நட்சத்திரங்கள்',
    cancel: 'ரத்து செய்',
    delete: 'நீக்கு',
    close: 'மூடு',
    reload: 'மீண்டும் ஏற்று',
    notAdded: 'சேர்க்கப்படவில்லை: photo.heic',
    whatsapp: 'இதைப் பற்றி WhatsApp-இல் கேளுங்கள்',
    enquiry: 'வணக்கம், NP-38 Capstan Lathe (NP-38) பற்றிய விவரங்கள் தேவை:',
  },
  {
    locale: 'hi',
    compareBar: 'तुलना करें (2/4)',
    clear: 'तुलना साफ़ करें',
    compare: 'तुलना करें',
    compareItem: 'NP-38 Capstan Lathe की तुलना करें',
    page: 'पेज 3',
    next: 'अगला पेज',
    retry: 'फिर से कोशिश करें',
    rated: '5 में से 4.5 रेटिंग',
    star: '1 स्टार',
    stars: '5 स्टार',
    cancel: 'रद्द करें',
    delete: 'हटाएँ',
    close: 'बंद करें',
    reload: 'फिर से लोड करें',
    notAdded: 'नहीं जोड़ा गया: photo.heic',
    whatsapp: 'इसके बारे में WhatsApp करें',
    enquiry: 'नमस्ते, मुझे NP-38 Capstan Lathe (NP-38) में रुचि है:',
  },
] as const;

describe.each(CASES)('the shared components in $locale', (want) => {
  afterEach(() => localStorage.clear());

  it('speak the page language on the compare bar and toggle', () => {
    localStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify(['m1', 'm2']));
    render(
      <>
        <CompareBar />
        <CompareToggle id="m3" name={item.name} />
      </>,
      { wrapper: inLocale(want.locale, Router) },
    );
    expect(screen.getByRole('link', { name: want.compareBar })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: want.clear })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: want.compareItem })).toHaveTextContent(want.compare);
    expect(screen.queryByText(/Compare/)).not.toBeInTheDocument();
  });

  it('speak it in the pagination, a failed query, the ratings and the notices', () => {
    render(
      <>
        <Pagination page={2} pageCount={5} onPage={vi.fn()} />
        <QueryState query={failed} errorText="x">
          {() => null}
        </QueryState>
        <RatingStars rating={4.5} starClassName="size-4" />
        <RatingInput name="rating" legend="legend" errorId="rating-error" />
        <StaleNotice message="m" onReload={() => Promise.resolve()} />
        <UploadRefusals id="refusals" refusals={['photo.heic']} />
      </>,
      { wrapper: inLocale(want.locale) },
    );
    expect(screen.getByRole('button', { name: want.page })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: want.next })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: want.retry })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: want.rated })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: want.star })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: want.stars })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: want.reload })).toBeInTheDocument();
    expect(screen.getByText(want.notAdded)).toBeInTheDocument();
    for (const english of ['Retry', 'Reload', 'Next', 'Previous', /Rated/, /Not added/]) {
      expect(screen.queryByText(english)).not.toBeInTheDocument();
    }
  });

  it('speak it in the delete dialog, with its close button', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    render(
      <ConfirmDeleteDialog open title="t" description="d" pending={false} onConfirm={vi.fn()} onClose={onClose} />,
      {
        wrapper: inLocale(want.locale),
      },
    );
    expect(screen.getByRole('button', { name: want.cancel })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: want.delete })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: want.close }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('start the WhatsApp message about an item in it', () => {
    const site = buildSiteSettings((settings) => {
      settings.company.whatsapp = { number: '+91 88888 00002', message: 'Hello' };
    });
    render(<WhatsAppItemLink item={item} />, { wrapper: inLocale(want.locale, withSiteSettings(site)) });
    const link = screen.getByRole('link', { name: new RegExp(`^${want.whatsapp}: NP-38 Capstan Lathe`) });
    expect(link).toHaveTextContent(want.whatsapp);
    const message = new URL(link.getAttribute('href')!).searchParams.get('text');
    expect(message?.startsWith(want.enquiry)).toBe(true);
    expect(message).not.toMatch(/interested/);
  });
});
