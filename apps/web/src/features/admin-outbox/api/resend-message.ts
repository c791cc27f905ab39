import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxMessage } from '@capstan/shared';
import { apiFetch } from '@/lib/api-client';
import { OUTBOX_URL } from './get-outbox';

export function resendMessage(id: string): Promise<OutboxMessage> {
  return apiFetch<OutboxMessage>(`${OUTBOX_URL}/${encodeURIComponent(id)}/resend`, { method: 'POST' });
}

export function useResendMessage({ onError }: { onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendMessage,
    onError,
    // Every outbox list (all, or one inquiry's) starts with this key.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [OUTBOX_URL] }),
  });
}
