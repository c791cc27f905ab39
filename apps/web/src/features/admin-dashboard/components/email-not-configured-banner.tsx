import { MailWarning } from 'lucide-react';
import { formatIndianNumber } from '@/lib/format';
import { useAdminStats } from '../api/get-admin-stats';

/**
 * Said on every admin screen while the server has no SMTP_URL: nothing is emailed, and the
 * count shows what is waiting (it goes out once email is set up).
 */
export function EmailNotConfiguredBanner() {
  const stats = useAdminStats();
  if (!stats.data || stats.data.email.configured) return null;
  const { pending } = stats.data.email;
  return (
    <div
      role="status"
      className="mb-6 flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p className="text-sm">
        <strong>Email is not configured.</strong> Inquiry notifications and acknowledgements are not being sent;{' '}
        {pending === 1 ? '1 email is' : `${formatIndianNumber(pending)} emails are`} waiting. Set SMTP_URL and MAIL_FROM
        on the server and they will be sent.
      </p>
    </div>
  );
}
