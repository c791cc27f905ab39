import { Cog, Mail, MapPin, Phone } from 'lucide-react';
import { socialLinksOf } from '@capstan/shared';
import { BrandMark } from '@/components/brand-mark';
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

const linkClass = 'footer-link';

export function LandingFooter({
  onAdminAccess,
  onAdminAccessIntent,
  year = new Date().getFullYear(),
}: LandingFooterProps) {
  const site = useSiteSettings();
  if (!site) return null;
  const { company } = site;
  return (
    <footer className="below-fold bg-slate-950 text-slate-300" style={belowFoldHeights(900, 600, 415)}>
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
                  className="footer-social-link"
                >
                  <SocialIcon network={link.network} className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Footer">
          <h2 className="font-semibold text-white">Quick links</h2>
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
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-white">Contact</h2>
          <address className="mt-4 space-y-3 text-sm not-italic">
            <p className="footer-contact-line">
              <MapPin aria-hidden="true" />
              <span>
                {company.address.lines.map((line, index) => (
                  <span key={index} className="block">
                    {line}
                  </span>
                ))}
              </span>
            </p>
            {phonesOf(site).map((phone) => (
              <p key={phone.tel} className="footer-contact-line">
                <Phone aria-hidden="true" />
                <a href={`tel:${phone.tel}`} className={linkClass}>
                  {phone.display}
                </a>
              </p>
            ))}
            <p className="footer-contact-line">
              <Mail aria-hidden="true" />
              <a href={`mailto:${company.email}`} className={`${linkClass} break-all`}>
                {company.email}
              </a>
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="footer-bottom">
          <p>{`© ${year} ${company.name}. All rights reserved.`}</p>
          {company.gstin ? <p>{`GSTIN ${company.gstin}`}</p> : null}
          <button
            type="button"
            onClick={onAdminAccess}
            onPointerEnter={onAdminAccessIntent}
            onFocus={onAdminAccessIntent}
            className="footer-admin-link"
          >
            Admin Access
          </button>
        </div>
      </div>
    </footer>
  );
}
