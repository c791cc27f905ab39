import type { PublicReview } from '@capstan/shared';
import { RatingStars } from '@/components/rating-stars';
import { useSiteSettings } from '@/lib/site-settings';

/** Up to two letters from the first and last words of a name: "Meena Sundaram" → "MS". */
function initialsOf(name: string): string {
  // Only words that start with a letter count: "Ravi K. (Pune)" is "RK", a trailing number gives none.
  const words = name
    .trim()
    .split(/\s+/u)
    .filter((word) => /^\p{L}/u.test(word));
  const letters = [words[0], words.length > 1 ? words.at(-1) : undefined].map(
    (word) => Array.from(word ?? '')[0] ?? '',
  );
  return letters.join('').toLocaleUpperCase('en-IN');
}

/** An approved review in the shape of a configured testimonial. Rendered as text, like every testimonial. */
const fromReview = (review: PublicReview) => ({
  key: review.id,
  rating: review.rating,
  text: review.text,
  author: review.name,
  position: [review.position, review.company].filter(Boolean).join(', '),
  initials: initialsOf(review.name),
});

/** The configured testimonials, then the visitors' reviews staff approved (decision 023). */
export function Testimonials({ approved = [] }: { approved?: readonly PublicReview[] }) {
  // Hidden ones stay stored for staff to show again; visitors never see them.
  const configured = (useSiteSettings()?.landing.testimonials ?? []).filter((testimonial) => !testimonial.hidden);
  const testimonials = [
    ...configured.map((testimonial, index) => ({ key: `configured-${index}`, ...testimonial })),
    ...approved.map(fromReview),
  ];
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {testimonials.map((testimonial) => (
        <li key={testimonial.key} className="flex">
          <figure className="flex w-full flex-col rounded-lg border bg-card p-6 shadow-sm">
            <RatingStars rating={testimonial.rating} className="gap-0.5" starClassName="size-4" />
            <blockquote className="mt-4 flex-1 text-pretty text-slate-700">{`“${testimonial.text}”`}</blockquote>
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
