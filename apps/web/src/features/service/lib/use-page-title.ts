import { useEffect } from 'react';
import { useSiteSettings } from '@/lib/site-settings';

/** The tab's title once the app runs, as the server writes it in the head: `Title | Company`. */
export function usePageTitle(title: string): void {
  const companyName = useSiteSettings()?.company.name ?? '';
  const full = companyName === '' ? title : `${title} | ${companyName}`;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
