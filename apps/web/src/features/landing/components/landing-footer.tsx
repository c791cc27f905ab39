import { Cog, Mail, MapPin, Phone } from 'lucide-react';
import { socialLinksOf } from '@capstan/shared';
import { BrandMark } from '@/components/brand-mark';
import { paths } from '@/config/paths';
import { useLocalizedHref, useT } from '@/lib/i18n';
import { phonesOf, useSiteSettings } from '@/lib/site-settings';
import { LANDING_SECTIONS, scrollToSection } from '../lib/sections';
import { SocialIcon } from './social-icons';
import { belowFoldHeights } from '@/lib/below-fold';

export interface LandingFooterProps {
  /** Opens the admin login dialog (SPEC §6). */
  onAdminAccess?: () => void;
  /** Hover or focus on Admin Access, before the click: lets the lazily loaded dialog start downloading. */
  onAdminAccessIntent?: () => void;
  /** Injected so tests can pin the copyright year. */
  year?: number;
}

const linkClass =
  'rounded-sm text-slate-300 transition-colors hover:text-white focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none';
const contactIconClass = 'mt-0.5 size-4 shrink-0 text-accent';

export function LandingFooter({
  onAdminAccess,
  onAdminAccessIntent,
  year = new Date().getFullYear(),
}: LandingFooterProps) {
  const { t } = useT();
  const localize = useLocalizedHref();
  const site = useSiteSettings();
  if (!site) return null;
  const { company } = site;
  return (
    <footer className="below-fold bg-slate-950 text-slate-300" style={belowFoldHeights(1080, 836, 600)}>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <BrandMark logo={company.logo} className="h-8 rounded bg-white p-0.5">
              <Cog aria-hidden="true" className="size-6 text-accent" />
            </BrandMark>
            {company.name}
          </p>
          <p className="mt-3 max-w-sm text-sm">{company.tagline}</p>
          <ul className="mt-5 flex gap-3">
            {socialLinksOf(company.social).map((link) => (
              <li key={link.network}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={link.label}
                  className="inline-flex size-10 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
                >
                  <SocialIcon network={link.network} className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className="grid content-start gap-8">
          <nav aria-label={t('landing.footerNav')}>
            <h2 className="font-semibold text-white">{t('landing.quickLinks')}</h2>
            <ul className="mt-4 space-y-2 text-sm">
              {LANDING_SECTIONS.map(({ id, label }) => (
                <li key={id}>
                  <a
                    href={`#${id}`}
                    className={linkClass}
                    onClick={(event) => {
                      event.preventDefault();
                      scrollToSection(id);
                    }}
                  >
                    {t(label)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {/* After the sale (issue 40): where an owner asks for an engineer and follows their machine. */}
          <nav aria-label={t('common.serviceHeading')}>
            <h2 className="font-semibold text-white">{t('common.serviceHeading')}</h2>
            <ul className="mt-4 space-y-2 text-sm">
              <li>
                <a href={localize(paths.service)} className={linkClass}>
                  {t('common.navService')}
                </a>
              </li>
              <li>
                <a href={localize(paths.myMachine)} className={linkClass}>
                  {t('common.navMyMachine')}
                </a>
              </li>
            </ul>
          </nav>
        </div>
        <div>
          <h2 className="font-semibold text-white">{t('landing.contactHeading')}</h2>
          <address className="mt-4 space-y-3 text-sm not-italic">
            <p className="flex gap-2">
              <MapPin aria-hidden="true" className={contactIconClass} />
              <span>
                {company.address.lines.map((line, index) => (
                  <span key={index} className="block">
                    {line}
                  </span>
                ))}
              </span>
            </p>
            {phonesOf(site).map((phone) => (
              <p key={phone.tel} className="flex gap-2">
                <Phone aria-hidden="true" className={contactIconClass} />
                <a href={`tel:${phone.tel}`} className={linkClass}>
                  {phone.display}
                </a>
              </p>
            ))}
            <p className="flex gap-2">
              <Mail aria-hidden="true" className={contactIconClass} />
              <a href={`mailto:${company.email}`} className={`${linkClass} break-all`}>
                {company.email}
              </a>
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col items-start justify-between gap-3 px-4 pt-6 pb-36 text-sm sm:flex-row sm:items-center sm:px-6">
          <p>{t('landing.copyright', { year: String(year), company: company.name })}</p>
          {company.gstin ? <p>{t('landing.gstin', { gstin: company.gstin })}</p> : null}
          <button
            type="button"
            onClick={onAdminAccess}
            onPointerEnter={onAdminAccessIntent}
            onFocus={onAdminAccessIntent}
            className="rounded-sm px-2 py-1 text-slate-400 underline-offset-4 hover:text-white hover:underline focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
          >
            {t('landing.adminAccess')}
          </button>
        </div>
      </div>
    </footer>
  );
}
