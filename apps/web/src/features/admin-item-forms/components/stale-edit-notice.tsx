import { useState } from 'react';
import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAdminT } from '@/lib/i18n/admin';

/**
 * Shown after a save was refused because the item changed meanwhile. The form keeps what was
 * typed; Reload replaces it with the latest stored version.
 */
export function StaleEditNotice({ message, onReload }: { message: string; onReload: () => Promise<void> }) {
  const { t } = useAdminT();
  const [reloading, setReloading] = useState(false);
  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
    } finally {
      setReloading(false);
    }
  };
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-md border border-destructive/40 p-4 text-destructive sm:flex-row sm:items-center sm:justify-between"
    >
      <p>{message}</p>
      <Button variant="outline" onClick={() => void reload()} disabled={reloading}>
        <RotateCw aria-hidden="true" />
        {reloading ? t('ui.reloading') : t('ui.reload')}
      </Button>
    </div>
  );
}
