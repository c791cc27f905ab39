import { useState } from 'react';
import { Link } from 'react-router';
import { FileDown, Pencil, Send } from 'lucide-react';
import type { Quotation } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';
import { downloadQuotationPdf } from '../api/download-quotation-files';
import { useSendQuotation } from '../api/send-quotation';
import { CLOSED, REVISED_ON_SAVE, SENDABLE } from '../lib/quotation-form';

/** What may be done with a quotation in its status: edit or revise, send, and its PDF always. */
export function QuotationActions({
  quotation,
  onSent,
  compact = false,
}: {
  quotation: Quotation;
  onSent?: (link: string) => void;
  compact?: boolean;
}) {
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
  const send = useSendQuotation();
  const [downloading, setDownloading] = useState(false);
  const size = compact ? 'sm' : 'default';
  const failed = (title: string, error: unknown) =>
    toast({
      variant: 'destructive',
      title,
      description:
        error instanceof ApiError && error.serverMessage ? refusal(error.serverMessage) : t('adminQuotations.tryAgain'),
    });

  const sendNow = () =>
    send.mutate(quotation.id, {
      onSuccess: ({ link }) => onSent?.(link),
      onError: (error) => failed(t('adminQuotations.sendFailed'), error),
    });

  const pdf = async () => {
    setDownloading(true);
    try {
      await downloadQuotationPdf(quotation.id, quotation.number);
    } catch (error) {
      failed(t('adminQuotations.pdfFailed'), error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      {CLOSED.has(quotation.status) ? null : (
        <Button asChild size={size} variant="outline">
          <Link
            to={paths.admin.editQuotation(quotation.id)}
            aria-label={
              REVISED_ON_SAVE.has(quotation.status)
                ? t('adminQuotations.reviseNamed', { number: quotation.number })
                : t('adminQuotations.editNamed', { number: quotation.number })
            }
          >
            <Pencil aria-hidden="true" />
            {REVISED_ON_SAVE.has(quotation.status) ? t('adminQuotations.revise') : t('adminQuotations.edit')}
          </Link>
        </Button>
      )}
      {SENDABLE.has(quotation.status) ? (
        <Button
          type="button"
          size={size}
          disabled={send.isPending}
          onClick={sendNow}
          aria-label={t('adminQuotations.sendNamed', { number: quotation.number })}
        >
          <Send aria-hidden="true" />
          {send.isPending ? t('adminQuotations.sending') : t('adminQuotations.send')}
        </Button>
      ) : null}
      <Button
        type="button"
        size={size}
        variant="outline"
        disabled={downloading}
        onClick={() => void pdf()}
        aria-label={t('adminQuotations.pdfNamed', { number: quotation.number })}
      >
        <FileDown aria-hidden="true" /> {downloading ? t('adminQuotations.downloading') : t('adminQuotations.pdf')}
      </Button>
    </div>
  );
}
