import { useT } from '@/lib/i18n';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';

/**
 * The files a picture field did not take, each with why (decision 013), in a live region so a
 * screen reader hears them. Always rendered: a live region must exist before its message does.
 */
export function UploadRefusals({ id, refusals }: { id: string; refusals: readonly string[] }) {
  const { t } = useT();
  // The refusals are the shared upload messages (the browser's check or the server's) in English.
  const refusal = useAdminRefusal();
  return (
    <div id={id} role="alert" className="text-sm text-destructive">
      {refusals.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5 break-words">
          {refusals.map((message) => (
            <li key={message}>{t('ui.notAdded', { reason: refusal(message) })}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
