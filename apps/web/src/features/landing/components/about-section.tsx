import { CheckCircle2 } from 'lucide-react';
import { useSiteSettings } from '@/lib/site-settings';

export function AboutSection() {
  const about = useSiteSettings()?.landing.about;
  if (!about) return null;
  return (
    <section id="about" aria-labelledby="about-heading" className="scroll-mt-16 py-16 sm:py-24">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:items-center">
        <div>
          <p className="text-sm font-semibold tracking-widest text-accent-strong uppercase">About us</p>
          <h2 id="about-heading" className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
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
