import { Star } from 'lucide-react';
import { useSiteSettings } from '@/lib/site-settings';
import { cn } from '@/lib/utils';

export function Testimonials() {
  // Hidden ones stay stored for staff to show again; visitors never see them.
  const testimonials = (useSiteSettings()?.landing.testimonials ?? []).filter((testimonial) => !testimonial.hidden);
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {testimonials.map((testimonial, index) => (
        <li key={index} className="flex">
          <figure className="flex w-full flex-col rounded-lg border bg-card p-6 shadow-sm">
            <p className="flex gap-0.5" aria-label={`Rated ${testimonial.rating} out of 5`} role="img">
              {[1, 2, 3, 4, 5].map((value) => (
                <Star
                  key={value}
                  aria-hidden="true"
                  className={cn(
                    'size-4',
                    value <= testimonial.rating ? 'fill-amber-400 text-amber-400' : 'text-slate-300',
                  )}
                />
              ))}
            </p>
            <blockquote className="mt-4 flex-1 text-pretty text-slate-700">“{testimonial.text}”</blockquote>
            <figcaption className="mt-5 flex items-center gap-3">
              <span
                aria-hidden="true"
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
              >
                {testimonial.initials}
              </span>
              <span>
                <span className="block font-semibold">{testimonial.author}</span>
                <span className="block text-sm text-muted-foreground">{testimonial.position}</span>
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
