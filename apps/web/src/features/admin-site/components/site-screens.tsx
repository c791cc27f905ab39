import { Spinner } from '@/components/ui/spinner';
import { useAdminT } from '@/lib/i18n/admin';
import { useAdminSite } from '../api/site-settings';
import { CompanyForm } from './company-form';
import { LandingForm } from './landing-form';

function Loading() {
  const { t } = useAdminT();
  return (
    <p className="flex items-center gap-2 text-muted-foreground">
      <Spinner /> {t('adminSite.loadingSite')}
    </p>
  );
}

function LoadProblem() {
  const { t } = useAdminT();
  return (
    <p role="alert" className="text-destructive">
      {t('adminSite.loadProblemSite')}
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
