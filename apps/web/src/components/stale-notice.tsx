import { useState } from 'react';
import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n';

/**
 * A settings form's "someone else saved meanwhile" (409): their message and a Reload that
 * replaces the form with the stored copy.
 */
export function StaleNotice({ message, onReload }: { message: string; onReload: () => Promise<void> }) {
  const { t } = useT();
  const [reloading, setReloading] = useState(false);
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-md border border-destructive/40 bg-background p-4 text-destructive sm:flex-row sm:items-center sm:justify-between"
    >
      <p>{message}</p>
      <Button
        type="button"
        variant="outline"
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          void onReload().finally(() => setReloading(false));
        }}
      >
        <RotateCw aria-hidden="true" />
        {reloading ? t('ui.reloading') : t('ui.reload')}
      </Button>
    </div>
  );
}
