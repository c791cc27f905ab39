import { type ReactNode, Suspense, useRef } from 'react';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { type DayHours, groupOpeningHours, type WeekDay, WEEK_DAYS } from '@capstan/shared';
import { type Translator, useT, withRouteMessages } from '@/lib/i18n';
import { phonesOf, useSiteSettings } from '@/lib/site-settings';
import { lazyWhenNear } from '@/lib/lazy-when-near';
import { belowFoldHeights } from '@/lib/below-fold';

// The form (with react-hook-form) is most of this feature's code and sits at the bottom of the
// landing page: it loads as the visitor scrolls towards it, not with the page, with its messages
// and its refusals' (lib/i18n/route-messages.ts).
const contactForm = lazyWhenNear(
  async () => (await withRouteMessages(['inquiryForm', 'validation'], import('./contact-form'))).ContactForm,
);
const ContactForm = contactForm.Component;

/** SPEC §2: the contact section (anchor `contact`) — the inquiry form beside the company's details. */
export function ContactSection() {
  const sectionRef = useRef<HTMLElement>(null);
  contactForm.useLoadWhenNear(sectionRef);
  const site = useSiteSettings();
  const translator = useT();
  const { t } = translator;
  return (
    <section
      ref={sectionRef}
      id="contact"
      aria-labelledby="contact-heading"
      className="below-fold scroll-mt-20 bg-muted/50 py-14 sm:py-16"
      style={belowFoldHeights(1525, 1315, 745)}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <p className="section-eyebrow tracking-wide">{t('contact.eyebrow')}</p>
          <h2 id="contact-heading" className="section-heading text-balance">
            {t('contact.heading')}
          </h2>
          <p className="mt-3 text-lg text-pretty text-muted-foreground">{t('contact.intro')}</p>
        </div>

        <div className="mt-10 grid gap-8 lg:grid-cols-5 lg:gap-12">
          <div className="rounded-xl border bg-card p-5 shadow-sm sm:p-8 lg:col-span-3">
            <h3 className="mb-6 text-xl font-semibold">{t('contact.formHeading')}</h3>
            <Suspense fallback={<div role="status" aria-label={t('contact.formLoading')} className="min-h-[34rem]" />}>
              <ContactForm />
            </Suspense>
          </div>

          <div className="grid content-start gap-4 lg:col-span-2">
            <InfoItem icon={<MapPin />} title={t('contact.address')}>
              <address className="not-italic">
                {site?.company.name}
                {site?.company.address.lines.map((line, index) => (
                  <span key={index} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </InfoItem>
            <InfoItem icon={<Phone />} title={t('contact.phone')}>
              <ul className="grid gap-1">
                {(site ? phonesOf(site) : []).map((phone) => (
                  <li key={phone.tel}>
                    <a
                      href={`tel:${phone.tel}`}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {phone.display}
                    </a>
                  </li>
                ))}
              </ul>
            </InfoItem>
            <InfoItem icon={<Mail />} title={t('contact.email')}>
              <a
                href={`mailto:${site?.company.email ?? ''}`}
                className="font-medium break-all text-primary underline-offset-4 hover:underline"
              >
                {site?.company.email}
              </a>
            </InfoItem>
            <InfoItem icon={<Clock />} title={t('contact.businessHours')}>
              <ul className="grid gap-1">
                {openingHoursLines(site?.company.hours ?? [], translator).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </InfoItem>
          </div>
        </div>
      </div>
    </section>
  );
}

function InfoItem({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-4 rounded-xl border bg-card p-5 shadow-sm">
      <span
        aria-hidden="true"
        className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary [&_svg]:size-5"
      >
        {icon}
      </span>
      <div className="min-w-0 text-sm leading-relaxed text-muted-foreground">
        <h4 className="mb-1 text-base font-semibold text-foreground">{title}</h4>
        {children}
      </div>
    </div>
  );
}

// A Monday (1 January 2024): the weekday names come from Intl in the page's language.
const A_MONDAY = new Date(2024, 0, 1);

function dayName(day: WeekDay, intl: Translator['intl']): string {
  const date = new Date(A_MONDAY);
  date.setDate(A_MONDAY.getDate() + WEEK_DAYS.indexOf(day));
  return intl.formatDate(date, { weekday: 'long' });
}

/** '20:00' as the page's language says a time of day ('8:00 PM', 'இரவு 8:00', 'रात 8:00 बजे'). */
function clock(time: string, t: Translator['t']): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const period =
    hours < 5 ? 'lateNight' : hours < 12 ? 'morning' : hours < 16 ? 'afternoon' : hours < 19 ? 'evening' : 'night';
  const hour = String(hours % 12 === 0 ? 12 : hours % 12);
  return t('contact.clock', { hour, minutes: String(minutes).padStart(2, '0'), period });
}

/** The hours as printed (SPEC §9: 'Monday to Saturday 9:00 AM to 8:00 PM'), in the page's language. */
function openingHoursLines(hours: readonly DayHours[], { t, intl }: Translator): string[] {
  return groupOpeningHours(hours).map((group) => {
    const first = dayName(group.days[0]!, intl);
    const last = dayName(group.days[group.days.length - 1]!, intl);
    const days =
      group.days.length === 1
        ? first
        : t(group.days.length === 2 ? 'contact.daysTwo' : 'contact.daysRange', { first, last });
    return group.closed
      ? t('contact.hoursClosed', { days })
      : t('contact.hoursOpen', { days, opens: clock(group.opens, t), closes: clock(group.closes, t) });
  });
}
