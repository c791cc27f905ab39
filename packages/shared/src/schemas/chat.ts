import type { ItemAvailability, ItemWarranty } from '../item-terms';
import { z } from './zod';
import { contentLanguageSchema } from './list-query';
import { perContentLocale, translatedText } from './translated-text';

/**
 * The chat helper (SPEC §7, decision 052): its scripted answers as staff set them under Site →
 * Chat, and what it asks the server about items a visitor names.
 */

/** SPEC §7: the scripted topics, in the order their keywords are checked; the first match wins. */
export const CHAT_TOPICS = [
  'price',
  'spares',
  'maintenance',
  'specifications',
  'delivery',
  'training',
  'warranty',
] as const;
export type ChatTopic = (typeof CHAT_TOPICS)[number];

/** SPEC §7: the words that call each topic, matched anywhere in the message, case-insensitive. */
export const CHAT_TOPIC_KEYWORDS: Record<ChatTopic, readonly string[]> = {
  price: ['price'],
  spares: ['spare', 'parts'],
  maintenance: ['maintenance', 'service'],
  specifications: ['spec'],
  delivery: ['delivery'],
  training: ['training'],
  warranty: ['warranty'],
};

/** What the staff form and the validation messages call each topic's answer. */
export const CHAT_TOPIC_LABELS: Record<ChatTopic, string> = {
  price: 'Prices',
  spares: 'Spare parts',
  maintenance: 'Maintenance',
  specifications: 'Specifications',
  delivery: 'Delivery',
  training: 'Training',
  warranty: 'Warranty',
};

/**
 * The same topics asked in Tamil or Hindi (issue 38): the words buyers type, in their script or as
 * they borrow the English one. Checked beside SPEC §7's English keywords, in the same order.
 */
export const CHAT_TOPIC_WORDS_TA_HI: Record<ChatTopic, readonly string[]> = {
  price: ['விலை', 'कीमत', 'दाम', 'रेट', 'प्राइस'],
  spares: ['உதிரி', 'பாகம்', 'பாகங்கள்', 'ஸ்பேர்', 'स्पेयर', 'पार्ट'],
  maintenance: ['பராமரிப்பு', 'சர்வீஸ்', 'मेंटेनेंस', 'रखरखाव', 'सर्विस'],
  specifications: ['விவரக்குறிப்பு', 'ஸ்பெக்', 'स्पेसिफिकेशन', 'स्पेक'],
  delivery: ['டெலிவரி', 'விநியோக', 'डिलीवरी'],
  training: ['பயிற்சி', 'ट्रेनिंग', 'प्रशिक्षण'],
  warranty: ['வாரண்டி', 'உத்தரவாத', 'वारंटी', 'गारंटी'],
};

/** The first topic whose keyword `text` contains, or null (SPEC §7's order). */
export function chatTopicOf(text: string): ChatTopic | null {
  const lower = text.toLowerCase();
  const asks = (topic: ChatTopic) =>
    [...CHAT_TOPIC_KEYWORDS[topic], ...CHAT_TOPIC_WORDS_TA_HI[topic]].some((keyword) => lower.includes(keyword));
  return CHAT_TOPICS.find(asks) ?? null;
}

export const CHAT_GREETING_MAX = 400;
export const CHAT_ANSWER_MAX = 1000;

const chatText = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max, { message: `${label} must be at most ${max} characters` });

const GREETING_LABEL = 'Greeting';
const FALLBACK_LABEL = 'Answer when nothing matches';
const answerLabel = (topic: ChatTopic) => `${CHAT_TOPIC_LABELS[topic]} answer`;

/**
 * The chat's texts in Tamil and Hindi (issue 38), entered under Site → Chat beside the English,
 * each with the English field's limit and message. A text left out answers in English on that
 * language's pages. On a save, absent keeps the stored translation, empty removes it.
 */
export const chatTranslationSchema = z
  .object({
    greeting: translatedText(GREETING_LABEL, CHAT_GREETING_MAX).optional(),
    answers: z
      .object(
        Object.fromEntries(
          CHAT_TOPICS.map((topic) => [topic, translatedText(answerLabel(topic), CHAT_ANSWER_MAX).optional()]),
        ) as Record<ChatTopic, z.ZodOptional<ReturnType<typeof translatedText>>>,
      )
      .strict()
      .optional(),
    fallback: translatedText(FALLBACK_LABEL, CHAT_ANSWER_MAX).optional(),
  })
  .strict();
export type ChatTranslation = z.infer<typeof chatTranslationSchema>;
export const chatTranslationsSchema = perContentLocale(chatTranslationSchema);
export type ChatTranslations = z.infer<typeof chatTranslationsSchema>;

const chatFields = {
  /** The first message, shown when the chat opens. */
  greeting: chatText(GREETING_LABEL, CHAT_GREETING_MAX),
  answers: z
    .object(
      Object.fromEntries(CHAT_TOPICS.map((topic) => [topic, chatText(answerLabel(topic), CHAT_ANSWER_MAX)])) as Record<
        ChatTopic,
        ReturnType<typeof chatText>
      >,
    )
    .strict(),
  /** The answer when no topic and no item matches; the chat adds the quote and WhatsApp buttons. */
  fallback: chatText(FALLBACK_LABEL, CHAT_ANSWER_MAX),
  /** Absent on `GET /api/site/chat?lang=…`, whose texts are already in that language. */
  translations: chatTranslationsSchema.optional(),
};

/**
 * The chat's texts as stored and read (GET /api/site/chat, GET /api/admin/site/chat); `?lang=ta|hi`
 * on the public read answers that language's texts in place.
 */
export const chatContentSchema = z.object({ ...chatFields, updatedAt: z.string() }).strict();
export type ChatContent = z.infer<typeof chatContentSchema>;

/** PUT /api/site/chat and the Site → Chat form; `updatedAt` is the version the copy was read at. */
export const chatInputSchema = z
  .object({
    ...chatFields,
    updatedAt: z.string().max(40, { message: 'updatedAt is not a valid version' }).optional(),
  })
  .strict();
export type ChatInput = z.infer<typeof chatInputSchema>;
export type ChatFormValues = z.input<typeof chatInputSchema>;

export const SITE_CHAT_URL = '/api/site/chat';
export const ADMIN_SITE_CHAT_URL = '/api/admin/site/chat';

/** GET /api/chat/items?q=: the items a visitor's message names. */
export const CHAT_ITEMS_URL = '/api/chat/items';
/** The longest message the item lookup reads; the chat sends no more than this. */
export const CHAT_QUERY_MAX = 300;
/** How many named items one answer lists. */
export const CHAT_ITEMS_SHOWN = 3;

export const chatItemsQuerySchema = z
  .object({
    q: z
      .string({ message: 'q is required' })
      .trim()
      .min(1, { message: 'q is required' })
      .max(CHAT_QUERY_MAX, { message: `q must be at most ${CHAT_QUERY_MAX} characters` }),
    /** The page's language: the items' names in it (decision 072). */
    lang: contentLanguageSchema.optional(),
  })
  .strict();

export interface ChatItem {
  id: string;
  kind: 'machine' | 'spare' | 'service';
  name: string;
  code: string | null;
  /** A machine's category slug, which its Request Quote preselects as the service; null otherwise. */
  category: string | null;
  /** Whole rupees; null: price on request (services always). */
  price: number | null;
  /** In stock or made to order, and the warranty, in force for it (decision 051); null for a service. */
  availability: Pick<ItemAvailability, 'status' | 'leadTimeWeeks'> | null;
  warranty: Pick<ItemWarranty, 'months'> | null;
}

/**
 * How the message named the items: by `code` ("NP 38"), by the item's whole `name`, or by a
 * `phrase` found inside names ("spring collet"), which may name many; null when none.
 */
export type ChatItemsMatch = 'code' | 'name' | 'phrase';

export interface ChatItemsAnswer {
  /** The first CHAT_ITEMS_SHOWN: machines, then spare parts, then services, each in name order. */
  items: ChatItem[];
  /** How many items the message names in all. */
  total: number;
  match: ChatItemsMatch | null;
  /** The words that named them, for a catalogue search that shows all of them. */
  phrase: string;
}
