import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_SITE_CHAT_URL, type ChatContent, type ChatInput, SITE_CHAT_URL } from '@capstan/shared';
import { api } from '@/lib/api-client';

export const adminChatQuery = queryOptions({
  queryKey: [ADMIN_SITE_CHAT_URL],
  queryFn: ({ signal }) => api.get<ChatContent>(ADMIN_SITE_CHAT_URL, { signal }),
});

export function useAdminChat() {
  return useQuery(adminChatQuery);
}

/** PUT /api/site/chat; the chat of this tab answers with the saved texts at once. */
export function useSaveChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChatInput) => api.put<ChatContent>(SITE_CHAT_URL, input),
    onSuccess: async (chat) => {
      queryClient.setQueryData(adminChatQuery.queryKey, chat);
      await queryClient.invalidateQueries({ queryKey: [SITE_CHAT_URL] });
    },
  });
}
