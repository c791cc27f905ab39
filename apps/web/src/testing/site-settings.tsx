import type { ReactNode } from 'react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { DEFAULT_COMPANY, DEFAULT_LANDING, LOCALES, type PublicSiteSettings } from '@capstan/shared';
import { createQueryClient } from '@/lib/query-client';
import { siteSettingsQueryIn } from '@/lib/site-settings';

const SEEDED_AT = '2026-11-24T00:00:00.000Z';

/** GET /api/site as a fresh database answers it (the seeded texts), with `change` applied. */
export function buildSiteSettings(change: (site: PublicSiteSettings) => void = () => {}): PublicSiteSettings {
  const site: PublicSiteSettings = structuredClone({
    company: { ...DEFAULT_COMPANY, updatedAt: SEEDED_AT },
    landing: { ...DEFAULT_LANDING, updatedAt: SEEDED_AT },
  });
  change(site);
  return site;
}

/** Puts `site` in the cache as every language's answer (decision 072), as a page's embedded data would hold it. */
export function seedSiteSettings(queryClient: QueryClient, site: PublicSiteSettings): void {
  for (const locale of LOCALES) queryClient.setQueryData(siteSettingsQueryIn(locale).queryKey, site);
}

export function siteSettingsHandler(site: PublicSiteSettings = buildSiteSettings()) {
  return http.get('/api/site', () => HttpResponse.json(site));
}

/**
 * A wrapper for components rendered on their own: a query cache that already holds the site
 * settings, as a server-rendered page's embedded data does (no request, so fake timers are fine).
 */
export function withSiteSettings(site: PublicSiteSettings = buildSiteSettings()) {
  const queryClient = createQueryClient();
  seedSiteSettings(queryClient, site);
  return function SiteSettingsWrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  };
}
