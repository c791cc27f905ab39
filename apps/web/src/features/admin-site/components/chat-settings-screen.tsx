import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  CHAT_TOPIC_KEYWORDS,
  CHAT_TOPICS,
  type ChatContent,
  type ChatFormValues,
  type ChatInput,
  chatInputSchema,
  type ChatTopic,
} from '@capstan/shared';
import { Spinner } from '@/components/ui/spinner';
import { type AdminTranslator, type BackOfficeKey, useAdminT } from '@/lib/i18n/admin';
import { adminChatQuery, useAdminChat, useSaveChat } from '../api/chat-settings';
import { chatWithDrafts } from '../lib/translation-drafts';
import { Section, TextField } from './fields';
import { SettingsFormFrame, StaleNotice, useSettingsSave } from './settings-form';
import { TranslationsDisclosure, useTranslatedLabel } from './translation-fields';

const resolver = zodResolver(chatInputSchema);

/** The answers the chat ends with the kinds' default terms (decision 051), so they carry no figures of those. */
const TOPICS_WITH_TERMS: readonly ChatTopic[] = ['spares', 'delivery', 'warranty'];

/** What the form calls each topic's answer (the shared labels stay for the validation messages). */
const TOPIC_LABELS: Record<ChatTopic, BackOfficeKey> = {
  price: 'adminSite.topicPrice',
  spares: 'adminSite.topicSpares',
  maintenance: 'adminSite.topicMaintenance',
  specifications: 'adminSite.topicSpecifications',
  delivery: 'adminSite.topicDelivery',
  training: 'adminSite.topicTraining',
  warranty: 'adminSite.topicWarranty',
};

/** “Given for messages containing “spare” or “parts”.”: the keywords themselves stay as the chat matches them. */
function askedWith(t: AdminTranslator['t'], words: readonly string[]): string {
  const quoted = words.map((word) => t('adminSite.quotedWord', { word }));
  const joined = quoted.reduce((first, second) => t('adminSite.eitherWord', { first, second }));
  return t('adminSite.askedWith', { words: joined });
}

/** One of the chat's texts: its English, and its Tamil and Hindi folded away under it. */
function ChatText({
  form,
  at,
  label,
  hint,
}: {
  form: UseFormReturn<ChatFormValues, unknown, ChatInput>;
  /** The English text's path; its translations are at `translations.<language>.<at>`. */
  at: 'greeting' | 'fallback' | `answers.${ChatTopic}`;
  label: string;
  hint: string;
}) {
  const translated = useTranslatedLabel();
  return (
    <div className="grid gap-3">
      <TextField form={form} name={at} label={label} hint={hint} multiline />
      <TranslationsDisclosure form={form} at={(locale) => [`translations.${locale}.${at}`]}>
        {(locale) => (
          <TextField
            form={form}
            name={`translations.${locale}.${at}`}
            label={translated(locale, label)}
            lang={locale}
            multiline
          />
        )}
      </TranslationsDisclosure>
    </div>
  );
}

function ChatForm({ chat }: { chat: ChatContent }) {
  const { t } = useAdminT();
  const queryClient = useQueryClient();
  const saveChat = useSaveChat();
  const form = useForm<ChatFormValues, unknown, ChatInput>({ resolver, defaultValues: chatWithDrafts(chat) });
  const { onSubmit, staleMessage, onReload } = useSettingsSave<ChatFormValues, ChatContent>({
    form,
    texts: { saved: t('adminSite.chatSaved'), notSaved: t('adminSite.chatNotSaved') },
    save: async (values) => chatWithDrafts(await saveChat.mutateAsync(values as ChatInput)),
    reload: async () => chatWithDrafts(await queryClient.fetchQuery({ ...adminChatQuery, staleTime: 0 })),
  });

  return (
    <SettingsFormFrame
      title={t('adminSite.chatTitle')}
      description={t('adminSite.chatDescription')}
      onSubmit={(event) => void form.handleSubmit((values) => onSubmit(values))(event)}
      submitting={form.formState.isSubmitting}
      stale={staleMessage ? <StaleNotice message={staleMessage} onReload={onReload} /> : null}
    >
      <Section title={t('adminSite.greeting')}>
        <ChatText form={form} at="greeting" label={t('adminSite.greeting')} hint={t('adminSite.greetingHint')} />
      </Section>
      <Section title={t('adminSite.answersTitle')} description={t('adminSite.answersHint')}>
        {CHAT_TOPICS.map((topic) => (
          <ChatText
            key={topic}
            form={form}
            at={`answers.${topic}`}
            label={t(TOPIC_LABELS[topic])}
            hint={
              TOPICS_WITH_TERMS.includes(topic)
                ? `${askedWith(t, CHAT_TOPIC_KEYWORDS[topic])} ${t('adminSite.addsTerms')}`
                : askedWith(t, CHAT_TOPIC_KEYWORDS[topic])
            }
          />
        ))}
      </Section>
      <Section title={t('adminSite.fallback')}>
        <ChatText form={form} at="fallback" label={t('adminSite.fallback')} hint={t('adminSite.fallbackHint')} />
      </Section>
    </SettingsFormFrame>
  );
}

/** Site → Chat (decision 052): the chat helper's greeting and scripted answers. */
export function ChatSettingsScreen() {
  const { t } = useAdminT();
  const chat = useAdminChat();
  if (chat.isError) {
    return (
      <p role="alert" className="text-destructive">
        {t('adminSite.chatLoadProblem')}
      </p>
    );
  }
  if (!chat.data) {
    return (
      <p className="flex items-center gap-2 text-muted-foreground">
        <Spinner /> {t('adminSite.chatLoading')}
      </p>
    );
  }
  // Keyed by version: a reload after a stale edit starts the form from the stored copy.
  return <ChatForm key={chat.data.updatedAt} chat={chat.data} />;
}
