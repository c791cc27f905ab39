import { useMutation } from '@tanstack/react-query';
import type { CreateInquiryResponse, InquiryData } from '@capstan/shared';
import { api } from '@/lib/api-client';

/** ARCHITECTURE deviation: the contact form also stores the inquiry so staff can answer it. */
export function createInquiry(input: InquiryData): Promise<CreateInquiryResponse> {
  return api.post<CreateInquiryResponse>('/api/inquiries', input);
}

export function useCreateInquiry() {
  return useMutation({ mutationFn: createInquiry });
}
