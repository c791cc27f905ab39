import type { MouseEvent } from 'react';
import { ArrowRight } from 'lucide-react';
import type { HeroPicture as HeroPictureValue, LandingContent } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n';
import { loadingAttributes, responsiveAttributes } from '@/lib/images';
import { useSiteSettings } from '@/lib/site-settings';
import { scrollToSection } from '../lib/sections';

function scrollOnClick(event: MouseEvent, id: string) {
  event.preventDefault();
  scrollToSection(id);
}

function HeroText({ hero }: { hero: LandingContent['hero'] | undefined }) {
  const { t } = useT();
  return (
    <>
      {hero?.eyebrow ? (
        <p className="text-sm font-semibold tracking-widest text-orange-300 uppercase">{hero.eyebrow}</p>
      ) : null}
      <h1 id="hero-heading" className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-6xl">
        {hero?.heading}
      </h1>
      <p className="mt-5 max-w-2xl text-lg text-pretty text-blue-100 sm:text-xl">{hero?.text}</p>
      {/* Links to the sections, so they work before the app runs; the app scrolls smoothly itself. */}
      <div className="mt-9 flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg" className="bg-accent text-accent-foreground hover:bg-accent/90">
          <a href="#products" onClick={(event) => scrollOnClick(event, 'products')}>
            {t('landing.exploreProducts')} <ArrowRight aria-hidden="true" />
          </a>
        </Button>
        <Button
          asChild
          size="lg"
          variant="outline"
          className="border-white/70 bg-transparent text-white hover:bg-white/10"
        >
          <a href="#contact" onClick={(event) => scrollOnClick(event, 'contact')}>
            {t('landing.getQuote')}
          </a>
        </Button>
      </div>
    </>
  );
}

/**
 * Beside the text, never under it, so the text keeps its contrast. The first thing a visitor
 * sees: loaded at once with high priority, its size reserved by width/height and the frame's ratio.
 */
function HeroPicture({ picture }: { picture: HeroPictureValue }) {
  return (
    <img
      src={picture.url}
      {...responsiveAttributes(picture.url, 'heroPicture', { large: picture })}
      alt={picture.alt}
      {...loadingAttributes(true)}
      width={picture.width}
      height={picture.height}
      className="aspect-[4/3] w-full rounded-2xl bg-white/10 object-cover shadow-2xl ring-1 ring-white/20"
    />
  );
}

export function HeroSection() {
  const hero = useSiteSettings()?.landing.hero;
  const picture = hero?.picture;
  return (
    <section
      id="home"
      aria-labelledby="hero-heading"
      className="relative isolate overflow-hidden bg-gradient-to-br from-blue-900 via-primary to-slate-900 text-white"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_1px_1px,white_1px,transparent_0)] bg-size-[28px_28px] opacity-20"
      />
      {picture ? (
        <div className="mx-auto grid min-h-[88svh] max-w-6xl content-center items-center gap-10 px-4 pt-28 pb-16 sm:px-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-12 lg:pt-32">
          <div>
            <HeroText hero={hero} />
          </div>
          <HeroPicture picture={picture} />
        </div>
      ) : (
        <div className="mx-auto flex min-h-[88svh] max-w-6xl flex-col justify-center px-4 pt-28 pb-16 sm:px-6 lg:pt-32">
          <HeroText hero={hero} />
        </div>
      )}
    </section>
  );
}
