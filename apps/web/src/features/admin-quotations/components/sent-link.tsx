import { useId, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useAdminT } from '@/lib/i18n/admin';

/** The buyer's link after a send, to pass on by WhatsApp or phone too: shown whole, with Copy. */
export function SentLink({ link }: { link: string }) {
  const { t } = useAdminT();
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      // No clipboard (an insecure origin, a refused permission): the field stays selectable.
      setCopied('failed');
    }
  };
  return (
    <div role="status" className="grid gap-2 rounded-lg border border-primary/40 bg-primary/5 p-4">
      <p className="font-medium">{t('adminQuotations.sentTitle')}</p>
      <label htmlFor={id} className="text-sm text-muted-foreground">
        {t('adminQuotations.buyerLink')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          readOnly
          value={link}
          className="font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied === 'yes' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied === 'yes' ? t('adminQuotations.copied') : t('adminQuotations.copyLink')}
        </Button>
      </div>
      {copied === 'failed' ? <p className="text-sm text-muted-foreground">{t('adminQuotations.copyFailed')}</p> : null}
    </div>
  );
}
