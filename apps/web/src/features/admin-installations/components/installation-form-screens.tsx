import { QueryState } from '@/components/query-state';
import { useAdminT } from '@/lib/i18n/admin';
import { useInstallation } from '../api/get-installation';
import { emptyInstallationFields, fieldsFromInstallation } from '../lib/installation-form';
import { InstallationForm } from './installation-form';

/** "Register a machine": an empty form; the customer's emails in English until staff choose. */
export function NewInstallationScreen() {
  return <InstallationForm target={{}} defaults={emptyInstallationFields()} />;
}

/** Change a registered machine: the form starts from what is stored now. */
export function EditInstallationScreen({ installationId }: { installationId: string }) {
  const { t } = useAdminT();
  const installation = useInstallation(installationId);
  return (
    <QueryState query={installation} errorText={t('adminInstallations.loadOneFailed')}>
      {(stored) => (
        <InstallationForm key={stored.id} target={{ installation: stored }} defaults={fieldsFromInstallation(stored)} />
      )}
    </QueryState>
  );
}
