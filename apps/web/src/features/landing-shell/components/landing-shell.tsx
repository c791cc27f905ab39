import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { COMPANY_NAME, COMPANY_TAGLINE } from '@/config/company';
import { paths } from '@/config/paths';
import { FeaturedItemsSection } from './featured-items-section';

/** Temporary home page until the landing screen arrives: the company, a tagline, featured items. */
export function LandingShell() {
  return (
    <>
      <section id="home" className="bg-gradient-to-br from-primary to-slate-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">{COMPANY_NAME}</h1>
          <p className="mt-4 max-w-2xl text-lg text-pretty text-blue-100 sm:text-xl">{COMPANY_TAGLINE}</p>
          <div className="mt-8">
            <Button asChild size="lg" className="bg-accent text-accent-foreground hover:bg-accent/90">
              <Link to={paths.products}>Browse the catalogue</Link>
            </Button>
          </div>
        </div>
      </section>
      <FeaturedItemsSection />
    </>
  );
}
