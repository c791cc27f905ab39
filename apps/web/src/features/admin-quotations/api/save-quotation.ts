import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Quotation, QuotationData } from '@capstan/shared';
import { api } from '@/lib/api-client';
import { QUOTATIONS_URL } from './get-quotations';
import { quotationUrl } from './get-quotation';

/** The dashboard's figures are keyed by their URL too (lib/query-client convention). */
const SUMMARY_URL = `${QUOTATIONS_URL}/summary`;

export type SaveQuotationRequest =
  | { inquiryId: string; quotationId?: undefined; input: QuotationData }
  | { inquiryId?: undefined; quotationId: string; input: QuotationData };

/**
 * A new quotation is made for its inquiry (`POST /api/inquiries/{id}/quotations`); an existing one is
 * replaced whole (`PUT /api/quotations/{id}`): a draft in place, a sent one as its next revision,
 * which is what the answer is.
 */
export function saveQuotation(request: SaveQuotationRequest): Promise<Quotation> {
  return request.quotationId === undefined
    ? api.post<Quotation>(`/api/inquiries/${encodeURIComponent(request.inquiryId)}/quotations`, request.input)
    : api.put<Quotation>(quotationUrl(request.quotationId), request.input);
}

export function useSaveQuotation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveQuotation,
    onSuccess: async (saved) => {
      queryClient.setQueryData([QUOTATIONS_URL, 'one', saved.id], saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [QUOTATIONS_URL] }),
        queryClient.invalidateQueries({ queryKey: [SUMMARY_URL] }),
      ]);
    },
  });
}
