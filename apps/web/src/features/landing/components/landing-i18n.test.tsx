import { render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMachine } from '@/testing/fixtures';
import { inLocale } from '@/testing/locale';
import { featuredHandlers } from '@/testing/mocks/featured';
import { server } from '@/testing/mocks/server';
import { withSiteSettings } from '@/testing/site-settings';
import { renderWithProviders } from '@/testing/test-utils';
import { LandingFooter } from './landing-footer';
import { LandingPage } from './landing-page';
import { ReviewForm } from './review-form';

const specs = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ key: `Key ${i + 1}`, value: `Value ${i + 1}` }));

/** The landing page's interface texts in each page language; the staff's content stays as entered. */
const TEXTS = {
  ta: {
    nav: 'முகப்பு',
    explore: 'தயாரிப்புகளைப் பாருங்கள்',
    featured: 'சிறப்புத் தயாரிப்புகள்',
    services: 'எங்கள் சேவைகள்',
    why: 'இந்தியா முழுவதும் உள்ள உற்பத்தியாளர்களின் நம்பிக்கை',
    quickLinks: 'விரைவு இணைப்புகள்',
    admin: 'நிர்வாகி உள்நுழைவு',
    machine: 'மெஷின்',
    moreSpecs: '+2 கூடுதல் விவரக்குறிப்புகள்',
    requestQuote: 'விலைப்புள்ளி கேளுங்கள்: Capstan Lathe',
    copyright: '© 2031 Kovai Precision Machines. அனைத்து உரிமைகளும் பாதுகாக்கப்பட்டவை.',
    rating: 'உங்கள் மதிப்பீடு',
    experience: 'உங்கள் அனுபவம்',
    submit: 'மதிப்புரையை அனுப்பு',
  },
  hi: {
    nav: 'होम',
    explore: 'प्रोडक्ट्स देखें',
    featured: 'चुनिंदा प्रोडक्ट्स',
    services: 'हमारी सेवाएँ',
    why: 'पूरे भारत के निर्माताओं का भरोसा',
    quickLinks: 'क्विक लिंक',
    admin: 'एडमिन लॉगिन',
    machine: 'मशीन',
    moreSpecs: '+2 और स्पेसिफ़िकेशन',
    requestQuote: 'कोटेशन माँगें: Capstan Lathe',
    copyright: '© 2031 Kovai Precision Machines. सर्वाधिकार सुरक्षित।',
    rating: 'आपकी रेटिंग',
    experience: 'आपका अनुभव',
    submit: 'रिव्यू भेजें',
  },
} as const;

describe.each(['ta', 'hi'] as const)('the landing page in %s', (locale) => {
  const text = TEXTS[locale];

  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('speaks the language in its nav, sections, cards and footer, and keeps the content as entered', async () => {
    server.use(
      ...featuredHandlers({ machines: [buildMachine({ name: 'Capstan Lathe', specificationList: specs(5) })] }),
    );
    renderWithProviders(<LandingPage />, { wrapper: inLocale(locale) });
    const card = (await screen.findByText('Capstan Lathe')).closest('article')!;

    expect(within(screen.getAllByRole('navigation')[0]!).getByRole('link', { name: text.nav })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: new RegExp(`^${text.explore}`) })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: text.featured })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: text.services })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: text.why })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: text.quickLinks })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text.admin })).toBeInTheDocument();
    expect(within(card).getByText(text.machine)).toBeInTheDocument();
    expect(within(card).getByText(text.moreSpecs)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: text.requestQuote })).toBeInTheDocument();
    // The staff's texts (company name, hero heading) are content: not translated here.
    expect(screen.getByRole('heading', { level: 1, name: 'Kovai Precision Machines' })).toBeInTheDocument();

    for (const english of ['Featured Products', 'Our Services', 'Quick links', 'Admin Access', 'Explore Products']) {
      expect(screen.queryByText(english, { exact: false })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('link', { name: 'Home' })).not.toBeInTheDocument();
  });

  it('writes the copyright year as it is, without digit grouping', () => {
    render(<LandingFooter year={2031} />, { wrapper: inLocale(locale, withSiteSettings()) });
    expect(screen.getByText(text.copyright)).toBeInTheDocument();
    expect(screen.queryByText(/All rights reserved/)).not.toBeInTheDocument();
  });

  it('labels the review form in the language', async () => {
    render(<ReviewForm />, { wrapper: inLocale(locale) });
    expect(screen.getByRole('radiogroup', { name: text.rating })).toBeInTheDocument();
    expect(screen.getByLabelText(text.experience)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text.submit })).toBeInTheDocument();
    expect(screen.queryByText('Share your experience')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Your experience')).not.toBeInTheDocument());
  });
});
