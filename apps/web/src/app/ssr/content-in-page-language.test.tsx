import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Locale, MachineCategory } from '@capstan/shared';
import { prefetchPage } from '@/app/ssr/prefetch-page';
import { ROUTE_IDS } from '@/app/router';
import { AppProvider } from '@/app/provider';
import { HeroSection } from '@/features/landing/components/hero-section';
import { createQueryClient } from '@/lib/query-client';
import { useMachineCategories, useStaffMachineCategories } from '@/lib/machine-categories';
import { inAdminLocale, inLocale } from '@/testing/locale';
import { server } from '@/testing/mocks/server';
import { buildSiteSettings } from '@/testing/site-settings';

/**
 * The company's and landing page's texts and the machine categories' names are staff's content in
 * three languages (decision 072): a Tamil or Hindi page asks for its own, the server render too.
 */

const HEADINGS: Record<Locale, string> = {
  en: 'Kovai Precision Machines',
  ta: 'கோவை பிரிசிஷன் மெஷின்ஸ்',
  hi: 'कोवई प्रिसिज़न मशीन्स',
};

/** GET /api/site and /api/machine-categories answering in the language asked, recording each ask. */
function contentApi() {
  const asked: string[] = [];
  const langOf = (request: Request) => (new URL(request.url).searchParams.get('lang') ?? 'en') as Locale;
  server.use(
    http.get('/api/site', ({ request }) => {
      asked.push(`/api/site${new URL(request.url).search}`);
      return HttpResponse.json(buildSiteSettings((site) => (site.landing.hero.heading = HEADINGS[langOf(request)])));
    }),
    http.get('/api/machine-categories', ({ request }) => {
      asked.push(`/api/machine-categories${new URL(request.url).search}`);
      const names = { en: 'Capstan lathe', ta: 'கேப்ஸ்டன் லேத்', hi: 'कैप्स्टन लेथ' };
      const category: MachineCategory = { slug: 'capstan-lathe', name: names[langOf(request)], machineCount: 2 };
      return HttpResponse.json([category]);
    }),
  );
  return asked;
}

function CategoryNames({ staff = false }: { staff?: boolean }) {
  const categories = (staff ? useStaffMachineCategories : useMachineCategories)();
  return <p>{categories.data?.map((category) => category.name).join(', ')}</p>;
}

const inApp = (locale: Locale) =>
  inLocale(locale, ({ children }) => <AppProvider queryClient={createQueryClient()}>{children}</AppProvider>);

describe('content in the page’s language', () => {
  it.each(['ta', 'hi'] as const)('a %s page asks for the landing texts and category names in it', async (locale) => {
    const asked = contentApi();
    render(
      <>
        <HeroSection />
        <CategoryNames />
      </>,
      { wrapper: inApp(locale) },
    );
    expect(await screen.findByRole('heading', { level: 1, name: HEADINGS[locale] })).toBeInTheDocument();
    expect(await screen.findByText(locale === 'ta' ? 'கேப்ஸ்டன் லேத்' : 'कैप्स्टन लेथ')).toBeInTheDocument();
    expect(asked.sort()).toEqual([`/api/machine-categories?lang=${locale}`, `/api/site?lang=${locale}`]);
  });

  it('an English page asks as before, without lang', async () => {
    const asked = contentApi();
    render(
      <>
        <HeroSection />
        <CategoryNames />
      </>,
      { wrapper: inApp('en') },
    );
    expect(await screen.findByRole('heading', { level: 1, name: HEADINGS.en })).toBeInTheDocument();
    expect(await screen.findByText('Capstan lathe')).toBeInTheDocument();
    expect(asked.sort()).toEqual(['/api/machine-categories', '/api/site']);
  });

  it('the back office edits the categories as stored, whatever its language', async () => {
    const asked = contentApi();
    render(
      <AppProvider queryClient={createQueryClient()}>
        <CategoryNames staff />
      </AppProvider>,
      { wrapper: inAdminLocale('hi') },
    );
    expect(await screen.findByText('Capstan lathe')).toBeInTheDocument();
    expect(asked).toEqual(['/api/machine-categories']);
  });

  it('the server render of a Tamil page fetches the site settings and categories in Tamil', async () => {
    const asked = contentApi();
    const queryClient = createQueryClient();
    await prefetchPage(queryClient, [{ route: { id: ROUTE_IDS.compare }, params: {} }], new URLSearchParams(), 'ta');
    expect(asked.sort()).toEqual(['/api/machine-categories?lang=ta', '/api/site?lang=ta']);
    const cached = queryClient.getQueryData<{ landing: { hero: { heading: string } } }>(['/api/site?lang=ta']);
    expect(cached?.landing.hero.heading).toBe(HEADINGS.ta);
  });
});
