import { useT } from '@/lib/i18n';

/**
 * The files a picture field did not take, each with why (decision 013), in a live region so a
 * screen reader hears them. Always rendered: a live region must exist before its message does.
 */
export function UploadRefusals({ id, refusals }: { id: string; refusals: readonly string[] }) {
  const { t } = useT();
  return (
    <div id={id} role="alert" className="text-sm text-destructive">
      {refusals.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5 break-words">
          {refusals.map((message) => (
            <li key={message}>{t('ui.notAdded', { reason: message })}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
