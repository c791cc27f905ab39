import { type ReactNode, Suspense, useRef } from 'react';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { formatOpeningHours } from '@capstan/shared';
import { phonesOf, useSiteSettings } from '@/lib/site-settings';
import { lazyWhenNear } from '@/lib/lazy-when-near';
import { belowFoldHeights } from '@/lib/below-fold';

// The form (with react-hook-form) is most of this feature's code and sits at the bottom of the
// landing page: it loads as the visitor scrolls towards it, not with the page.
const contactForm = lazyWhenNear(async () => (await import('./contact-form')).ContactForm);
const ContactForm = contactForm.Component;

/** SPEC §2: the contact section (anchor `contact`) — the inquiry form beside the company's details. */
export function ContactSection() {
  const sectionRef = useRef<HTMLElement>(null);
  contactForm.useLoadWhenNear(sectionRef);
  const site = useSiteSettings();
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
          <p className="section-eyebrow tracking-wide">Contact</p>
          <h2 id="contact-heading" className="section-heading text-balance">
            Get in touch
          </h2>
          <p className="mt-3 text-lg text-pretty text-muted-foreground">
            Ask for a quote, book a service visit or talk to our engineers about your next machine.
          </p>
        </div>

        <div className="mt-10 grid gap-8 lg:grid-cols-5 lg:gap-12">
          <div className="rounded-xl border bg-card p-5 shadow-sm sm:p-8 lg:col-span-3">
            <h3 className="mb-6 text-xl font-semibold">Send us a message</h3>
            <Suspense fallback={<div role="status" aria-label="Loading the form" className="min-h-[34rem]" />}>
              <ContactForm />
            </Suspense>
          </div>

          <div className="grid content-start gap-4 lg:col-span-2">
            <InfoItem icon={<MapPin />} title="Address">
              <address className="not-italic">
                {site?.company.name}
                {site?.company.address.lines.map((line, index) => (
                  <span key={index} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </InfoItem>
            <InfoItem icon={<Phone />} title="Phone">
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
            <InfoItem icon={<Mail />} title="Email">
              <a
                href={`mailto:${site?.company.email ?? ''}`}
                className="font-medium break-all text-primary underline-offset-4 hover:underline"
              >
                {site?.company.email}
              </a>
            </InfoItem>
            <InfoItem icon={<Clock />} title="Business hours">
              <ul className="grid gap-1">
                {formatOpeningHours(site?.company.hours ?? []).map((line) => (
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
