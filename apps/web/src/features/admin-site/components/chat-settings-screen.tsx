import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  CHAT_TOPIC_KEYWORDS,
  CHAT_TOPIC_LABELS,
  CHAT_TOPICS,
  type ChatContent,
  type ChatFormValues,
  type ChatInput,
  chatInputSchema,
  type ChatTopic,
} from '@capstan/shared';
import { Spinner } from '@/components/ui/spinner';
import { adminChatQuery, useAdminChat, useSaveChat } from '../api/chat-settings';
import { Section, TextField } from './fields';
import { SettingsFormFrame, StaleNotice, useSettingsSave } from './settings-form';

const resolver = zodResolver(chatInputSchema);

/** The answers the chat ends with the kinds' default terms (decision 051), so they carry no figures of those. */
const TOPICS_WITH_TERMS: readonly ChatTopic[] = ['spares', 'delivery', 'warranty'];

// The screen's visible texts, in one place.
const TEXT = {
  title: 'Chat',
  description:
    'What the chat helper answers. A question that names a machine, part or service by its name or code gets that item’s price from the catalogue instead.',
  loading: 'Loading chat answers...',
  loadProblem: 'The chat answers could not be loaded. Please reload the page.',
  greeting: 'Greeting',
  greetingHint: 'The first message, shown when a visitor opens the chat.',
  answers: 'Answers by topic',
  answersHint:
    'Each answer is given when the visitor’s message contains one of its words; the first topic listed wins.',
  askedWith: (words: readonly string[]) => `Given for messages containing ${words.map((w) => `“${w}”`).join(' or ')}.`,
  addsTerms:
    'The chat adds the default availability and warranty after it (Site → Delivery and warranty); a named item gets its own.',
  fallback: 'Answer when nothing matches',
  fallbackHint: 'The chat shows a Request a quote button and a WhatsApp button under it.',
  saved: 'Chat answers',
};

function ChatForm({ chat }: { chat: ChatContent }) {
  const queryClient = useQueryClient();
  const saveChat = useSaveChat();
  const form = useForm<ChatFormValues, unknown, ChatInput>({ resolver, defaultValues: chat });
  const { onSubmit, staleMessage, onReload } = useSettingsSave<ChatFormValues, ChatContent>({
    form,
    what: TEXT.saved,
    save: (values) => saveChat.mutateAsync(values as ChatInput),
    reload: () => queryClient.fetchQuery({ ...adminChatQuery, staleTime: 0 }),
  });

  return (
    <SettingsFormFrame
      title={TEXT.title}
      description={TEXT.description}
      onSubmit={(event) => void form.handleSubmit((values) => onSubmit(values))(event)}
      submitting={form.formState.isSubmitting}
      stale={staleMessage ? <StaleNotice message={staleMessage} onReload={onReload} /> : null}
    >
      <Section title={TEXT.greeting}>
        <TextField form={form} name="greeting" label={TEXT.greeting} hint={TEXT.greetingHint} multiline />
      </Section>
      <Section title={TEXT.answers} description={TEXT.answersHint}>
        {CHAT_TOPICS.map((topic) => (
          <TextField
            key={topic}
            form={form}
            name={`answers.${topic}`}
            label={CHAT_TOPIC_LABELS[topic]}
            hint={
              TOPICS_WITH_TERMS.includes(topic)
                ? `${TEXT.askedWith(CHAT_TOPIC_KEYWORDS[topic])} ${TEXT.addsTerms}`
                : TEXT.askedWith(CHAT_TOPIC_KEYWORDS[topic])
            }
            multiline
          />
        ))}
      </Section>
      <Section title={TEXT.fallback}>
        <TextField form={form} name="fallback" label={TEXT.fallback} hint={TEXT.fallbackHint} multiline />
      </Section>
    </SettingsFormFrame>
  );
}

/** Site → Chat (decision 052): the chat helper's greeting and scripted answers. */
export function ChatSettingsScreen() {
  const chat = useAdminChat();
  if (chat.isError) {
    return (
      <p role="alert" className="text-destructive">
        {TEXT.loadProblem}
      </p>
    );
  }
  if (!chat.data) {
    return (
      <p className="flex items-center gap-2 text-muted-foreground">
        <Spinner /> {TEXT.loading}
      </p>
    );
  }
  // Keyed by version: a reload after a stale edit starts the form from the stored copy.
  return <ChatForm key={chat.data.updatedAt} chat={chat.data} />;
}
