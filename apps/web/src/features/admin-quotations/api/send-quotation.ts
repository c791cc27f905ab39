import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendQuotationResponse } from '@capstan/shared';
import { api } from '@/lib/api-client';
import { QUOTATIONS_URL } from './get-quotations';
import { quotationUrl } from './get-quotation';

/** Emails the quotation with its PDF and answers the buyer's link (absolute, valid until it expires). */
export function sendQuotation(id: string): Promise<SendQuotationResponse> {
  return api.post<SendQuotationResponse>(`${quotationUrl(id)}/send`);
}

export function useSendQuotation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendQuotation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [QUOTATIONS_URL] }),
        queryClient.invalidateQueries({ queryKey: [`${QUOTATIONS_URL}/summary`] }),
      ]),
  });
}
