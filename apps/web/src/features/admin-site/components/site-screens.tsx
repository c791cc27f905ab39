import { Spinner } from '@/components/ui/spinner';
import { useAdminSite } from '../api/site-settings';
import { CompanyForm } from './company-form';
import { LandingForm } from './landing-form';

function Loading() {
  return (
    <p className="flex items-center gap-2 text-muted-foreground">
      <Spinner /> Loading site settings...
    </p>
  );
}

function LoadProblem() {
  return (
    <p role="alert" className="text-destructive">
      The site settings could not be loaded. Please reload the page.
    </p>
  );
}

/** Site → Company (decision 020). */
export function CompanySettingsScreen() {
  const site = useAdminSite();
  if (site.isError) return <LoadProblem />;
  if (!site.data) return <Loading />;
  // Keyed by version: a reload after a stale edit starts the form from the stored copy.
  return <CompanyForm key={site.data.company.updatedAt} company={site.data.company} />;
}

/** Site → Landing page (decision 020). */
export function LandingContentScreen() {
  const site = useAdminSite();
  if (site.isError) return <LoadProblem />;
  if (!site.data) return <Loading />;
  return <LandingForm key={site.data.landing.updatedAt} landing={site.data.landing} />;
}
