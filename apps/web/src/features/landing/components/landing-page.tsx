import { type ReactNode, Suspense } from 'react';
import { useT } from '@/lib/i18n';
import { FirstScreen } from './first-screen';
import { useHashScroll } from '../hooks/use-hash-scroll';
import { AboutSection } from './about-section';
import { FeaturedProductsSection } from './featured-products-section';
import { HeroSection } from './hero-section';
import { LandingFooter } from './landing-footer';
import { LandingNav } from './landing-nav';
import { LoadingOverlay } from './loading-overlay';
import { ServicesSection } from './services-section';
import { StatsSection } from './stats-section';
import { WhyChooseUsSection } from './why-choose-us-section';

export interface LandingPageProps {
  /** The contact section (id `contact`), composed in app/ from the contact feature. */
  contact?: ReactNode;
  /** The floating action group (call, WhatsApp, chat, back to top). */
  floating?: ReactNode;
  /** The admin login dialog, rendered alongside the page. */
  loginDialog?: ReactNode;
  onAdminAccess?: () => void;
  /** The pointer or focus reached Admin Access: a chance to start loading the login dialog. */
  onAdminAccessIntent?: () => void;
  onAdminLoginSuccess?: () => void;
}

/** SPEC §2: the landing page, its sections in order. */
export function LandingPage({
  contact,
  floating,
  loginDialog,
  onAdminAccess,
  onAdminAccessIntent,
  onAdminLoginSuccess,
}: LandingPageProps) {
  const { t } = useT();
  useHashScroll();
  return (
    <>
      <LoadingOverlay />
      <FirstScreen>
        <a
          href="#main"
          className="sr-only z-[60] rounded-md bg-background px-4 py-2 font-medium text-primary shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {t('common.skipToContent')}
        </a>
        <LandingNav onAdminLoginSuccess={onAdminLoginSuccess} />
      </FirstScreen>
      {/* Each Suspense boundary is hydrated as its own small piece of work, so taking over the
          server-rendered page never blocks the main thread for long (nothing here suspends). */}
      <main id="main">
        <FirstScreen>
          <HeroSection />
          <Suspense>
            <StatsSection />
          </Suspense>
        </FirstScreen>
        <Suspense>
          <AboutSection />
        </Suspense>
        <Suspense>
          <FeaturedProductsSection />
        </Suspense>
        <Suspense>
          <ServicesSection />
        </Suspense>
        <Suspense>
          <WhyChooseUsSection />
        </Suspense>
        <Suspense>{contact}</Suspense>
      </main>
      <Suspense>
        <LandingFooter onAdminAccess={onAdminAccess} onAdminAccessIntent={onAdminAccessIntent} />
      </Suspense>
      <Suspense>
        <FirstScreen>{floating}</FirstScreen>
        {loginDialog}
      </Suspense>
    </>
  );
}
