import { useInRouterContext, useLocation } from 'react-router';
import { LOCALE_NAMES, LOCALES, localizedPath, QUOTE_PAGE_LINES_PARAM } from '@capstan/shared';
import { useT } from '@/lib/i18n';

interface LanguageSwitchProps {
  /** The list's layout; it replaces the default row (`flex items-center gap-1`). */
  className?: string;
  linkClassName?: string;
}

/**
 * The same page in each language: plain links (a language is a page of its own, rendered by the
 * server in that language), so it works without the app, and each name is in its own language.
 */
export function LanguageSwitch(props: LanguageSwitchProps) {
  // The landing page's bar is also rendered on its own (tests): the page is then the home page.
  return useInRouterContext() ? <SwitchHere {...props} /> : <LanguageLinks here="/" {...props} />;
}

function SwitchHere(props: LanguageSwitchProps) {
  const { pathname, search, hash } = useLocation();
  return <LanguageLinks here={`${pathname}${withoutRenderedLines(search)}${hash}`} {...props} />;
}

/**
 * The server renders the quote list page with the visitor's lines in its URL (decision 074); the
 * browser's address never has them, and neither may the links (the page would not hydrate).
 */
function withoutRenderedLines(search: string): string {
  const query = new URLSearchParams(search);
  if (!query.has(QUOTE_PAGE_LINES_PARAM)) return search;
  query.delete(QUOTE_PAGE_LINES_PARAM);
  const rest = query.toString();
  return rest === '' ? '' : `?${rest}`;
}

/** `here`: the page's path in the app, without a language prefix. */
function LanguageLinks({ here, className, linkClassName }: LanguageSwitchProps & { here: string }) {
  const { locale, t } = useT();
  return (
    <ul aria-label={t('common.languages')} className={className ?? 'flex items-center gap-1'}>
      {LOCALES.map((one) => (
        <li key={one}>
          <a
            href={localizedPath(one, here)}
            hrefLang={one}
            lang={one}
            aria-current={one === locale ? 'true' : undefined}
            className={linkClassName}
          >
            {LOCALE_NAMES[one]}
          </a>
        </li>
      ))}
    </ul>
  );
}
