import { Suspense, useRef } from 'react';
import { Award, Clock, ShieldCheck } from 'lucide-react';
import { useT, withRouteMessages } from '@/lib/i18n';
import { useMachineChoices } from '@/lib/machine-choices';
import { useSiteSettings } from '@/lib/site-settings';
import { useApprovedReviews } from '../api/reviews';
import { Testimonials } from './testimonials';
import { belowFoldHeights } from '@/lib/below-fold';
import { lazyWhenNear } from '@/lib/lazy-when-near';

// The review form and its star input are the heaviest part of the landing page's own code, far
// below the first screen: they load as the visitor scrolls towards them, not with the page, with
// their messages and their refusals' (lib/i18n/route-messages.ts).
const reviewForm = lazyWhenNear(
  async () => (await withRouteMessages(['reviewForm', 'validation'], import('./review-form'))).ReviewForm,
);
const ReviewForm = reviewForm.Component;

const REASON_ICONS = [ShieldCheck, Clock, Award] as const;

export function WhyChooseUsSection() {
  const { t } = useT();
  const sectionRef = useRef<HTMLElement>(null);
  reviewForm.useLoadWhenNear(sectionRef);
  const reasons = useSiteSettings()?.landing.reasons ?? [];
  // Server-rendered with the page; if the list cannot be read, the configured testimonials still show.
  const approved = useApprovedReviews();
  // Server-rendered too, so the plain form offers them; if they cannot be read, the form asks about none.
  const machines = useMachineChoices();
  return (
    <section
      ref={sectionRef}
      aria-labelledby="why-heading"
      className="below-fold bg-muted/60 py-14 sm:py-16"
      style={belowFoldHeights(2053, 1623, 1098)}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <p className="section-eyebrow">{t('landing.whyEyebrow')}</p>
        <h2 id="why-heading" className="section-heading">
          {t('landing.whyHeading')}
        </h2>
        <div className="mt-10 grid gap-10 lg:grid-cols-2">
          <div>
            <ul className="grid gap-5">
              {reasons.map((reason, index) => {
                const Icon = REASON_ICONS[index] ?? Award;
                return (
                  <li key={index} className="flex gap-4">
                    <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-md bg-accent/15 text-accent">
                      <Icon aria-hidden="true" className="size-6" />
                    </span>
                    <span>
                      <span className="block font-semibold">{reason.title}</span>
                      <span className="block text-sm text-muted-foreground">{reason.description}</span>
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
          <Suspense fallback={<div role="status" aria-label={t('landing.formLoading')} className="min-h-[30rem]" />}>
            <ReviewForm machines={machines.data} />
          </Suspense>
        </div>
        <h3 className="mt-16 text-2xl font-bold tracking-tight">{t('landing.testimonialsHeading')}</h3>
        <div className="mt-6">
          <Testimonials approved={approved.data} />
        </div>
      </div>
    </section>
  );
}
