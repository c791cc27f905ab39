import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';

/**
 * Opens the back office, which lives at /admin whatever the page's language (its language is each
 * person's choice). From an English page the router goes there; from a Tamil or Hindi page, whose
 * router is inside `/ta` or `/hi`, the browser loads it.
 */
export function useOpenBackOffice(): (options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  const { locale } = useT();
  return useCallback(
    ({ replace = false } = {}) => {
      if (locale === 'en') void navigate(paths.admin.dashboard, { replace });
      else if (replace) window.location.replace(paths.admin.dashboard);
      else window.location.assign(paths.admin.dashboard);
    },
    [locale, navigate],
  );
}
