import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadingStatus, QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { useAdminT } from '@/lib/i18n/admin';
import { catalogueLineQueryOptions, type CatalogueLine } from '../api/catalogue-lookup';
import { useQuotation } from '../api/get-quotation';
import { inquiryQueryOptions } from '../api/get-inquiry';
import { useSellerState } from '../api/get-seller-state';
import { CLOSED, valuesFromInquiry, valuesFromQuotation } from '../lib/quotation-form';
import { QUOTATION_STATUS_LABELS } from '../lib/labels';
import { QuotationEditor } from './quotation-editor';

/** "Prepare quotation": the inquiry and each of its items from the catalogue, then the editor prefilled. */
export function NewQuotationScreen({ inquiryId }: { inquiryId: string }) {
  const { t } = useAdminT();
  const queryClient = useQueryClient();
  const seller = useSellerState();
  const prefill = useQuery({
    queryKey: ['quotation-prefill', inquiryId],
    queryFn: async () => {
      const inquiry = await queryClient.fetchQuery(inquiryQueryOptions(inquiryId));
      const found = await Promise.all(
        inquiry.items.map(async (item): Promise<[string, CatalogueLine | null]> => [
          item.id,
          await queryClient.fetchQuery(catalogueLineQueryOptions(item.kind, item.id)),
        ]),
      );
      return valuesFromInquiry(inquiry, new Map(found));
    },
    // Prefilled once per visit: a refetch must not replace what staff have typed meanwhile.
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  if (seller.isPending) return <LoadingStatus />;
  return (
    <QueryState query={prefill} errorText={t('adminQuotations.inquiryLoadFailed')}>
      {(defaults) => (
        <QuotationEditor target={{ inquiryId }} defaults={defaults} sellerState={seller.data?.state ?? null} />
      )}
    </QueryState>
  );
}

/** Edit a draft, or revise a sent quotation; one that is accepted, superseded or expired says why it cannot. */
export function EditQuotationScreen({ quotationId }: { quotationId: string }) {
  const { t } = useAdminT();
  const quotation = useQuotation(quotationId);
  const seller = useSellerState();
  if (seller.isPending) return <LoadingStatus />;
  return (
    <QueryState query={quotation} errorText={t('adminQuotations.loadOneFailed')}>
      {(stored) =>
        CLOSED.has(stored.status) ? (
          <div role="alert" className="grid gap-3 rounded-lg border bg-background p-6">
            <p>
              {t('adminQuotations.cannotChange', {
                number: stored.number,
                status: t(QUOTATION_STATUS_LABELS[stored.status]),
              })}
            </p>
            <Link to={paths.admin.quotation(stored.id)} className="text-primary underline-offset-4 hover:underline">
              {t('adminQuotations.backToQuotation')}
            </Link>
          </div>
        ) : (
          // Keyed: a save that made a new revision opens it here with its own values.
          <QuotationEditor
            key={stored.id}
            target={{ quotation: stored }}
            defaults={valuesFromQuotation(stored)}
            sellerState={seller.data?.state ?? null}
          />
        )
      }
    </QueryState>
  );
}
