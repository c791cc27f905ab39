import { MailWarning } from 'lucide-react';
import { useAdminT } from '@/lib/i18n/admin';
import { useAdminStats } from '../api/get-admin-stats';

/**
 * Said on every admin screen while the server has no SMTP_URL: nothing is emailed, and the
 * count shows what is waiting (it goes out once email is set up).
 */
export function EmailNotConfiguredBanner() {
  const stats = useAdminStats();
  const { rich } = useAdminT();
  if (!stats.data || stats.data.email.configured) return null;
  const { pending } = stats.data.email;
  return (
    <div
      role="status"
      className="mb-6 flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p className="text-sm">
        {rich('adminDashboard.emailNotConfigured', {
          count: pending,
          // Keyed: the message comes back as a list of parts.
          strong: (chunks) => <strong key="strong">{chunks}</strong>,
        })}
      </p>
    </div>
  );
}
