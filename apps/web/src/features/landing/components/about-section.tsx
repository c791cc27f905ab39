import { CheckCircle2 } from 'lucide-react';
import { useT } from '@/lib/i18n';
import { useSiteSettings } from '@/lib/site-settings';
import { belowFoldHeights } from '@/lib/below-fold';

export function AboutSection() {
  const { t } = useT();
  const about = useSiteSettings()?.landing.about;
  if (!about) return null;
  return (
    <section
      id="about"
      aria-labelledby="about-heading"
      className="below-fold scroll-mt-16 py-14 sm:py-16"
      style={belowFoldHeights(1000, 710, 550)}
    >
      {/* One bounded column on a phone: a long Tamil word in the heading must not widen the section. */}
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:items-center">
        <div>
          <p className="section-eyebrow">{t('landing.aboutEyebrow')}</p>
          <h2 id="about-heading" className="section-heading text-balance">
            {about.heading}
          </h2>
          {about.paragraphs.map((paragraph, index) => (
            <p key={index} className="mt-4 text-pretty text-muted-foreground">
              {paragraph}
            </p>
          ))}
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {about.highlights.map((highlight, index) => (
            <li key={index} className="flex items-start gap-3 rounded-lg border bg-card p-5 shadow-sm">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <span className="font-medium">{highlight}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
