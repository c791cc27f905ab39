import {
  type ChatContent,
  type ChatItem,
  type ChatItemsAnswer,
  CHAT_ITEMS_SHOWN,
  type ChatTopic,
  chatTopicOf,
  formatRupees,
  type ItemTermsDefaults,
  type TermsKind,
} from '@capstan/shared';
import { ENGLISH, type Translator } from '@/lib/i18n';
import { termsSentence } from '@/lib/item-terms';

/** The chat's texts as staff set them (Site → Chat): the greeting, each topic's answer, the fallback. */
export type ChatTexts = Omit<ChatContent, 'updatedAt'>;

/** A scripted reply: its text, the items it names (each with its link and Request Quote), and the offers. */
export interface ChatReply {
  text: string;
  items: ChatItem[];
  /** More items than shown: how many in all, and the words a catalogue search for them uses. */
  more: { total: number; phrase: string; kind: ChatItem['kind'] } | null;
  /** A reply that could not help: it offers the quote form and WhatsApp. */
  offersContact: boolean;
}

/** The page's messages: the replies are worded in its language (English outside a page, as in tests). */
type T = Translator['t'];
const english: T = ENGLISH.t;

/** An item's availability and warranty in one line, as its page says them; null for a service. */
export function itemTermsText(item: ChatItem, t: T = english): string | null {
  if (item.availability === null || item.warranty === null) return null;
  const { status, leadTimeWeeks } = item.availability;
  return termsSentence({ availability: status, leadTimeWeeks, warrantyMonths: item.warranty.months }, t);
}

/** Topics whose answer ends with the kinds' default availability and warranty (decision 051). */
const TOPIC_TERMS: Partial<Record<ChatTopic, readonly TermsKind[]>> = {
  spares: ['spare'],
  delivery: ['machine', 'spare'],
  warranty: ['machine', 'spare'],
};
/** Topics a named item's own availability and warranty answer. */
const ITEM_TERMS_TOPICS: readonly ChatTopic[] = ['delivery', 'warranty'];

function topicText(topic: ChatTopic, texts: ChatTexts, defaults: ItemTermsDefaults | null, t: T): string {
  const kinds = TOPIC_TERMS[topic];
  if (!kinds || defaults === null) return texts.answers[topic];
  const lines = kinds.map((kind) => t('chatWindow.replyKindTerms', { kind, terms: termsSentence(defaults[kind], t) }));
  return `${texts.answers[topic]}\n\n${lines.join('\n')}`;
}

function itemsText(named: ChatItemsAnswer, topic: ChatTopic | null, t: T): string {
  if (named.total === 1) {
    const item = named.items[0]!;
    const terms = itemTermsText(item, t);
    if (terms !== null && topic !== null && ITEM_TERMS_TOPICS.includes(topic)) {
      return t('chatWindow.replyItemTerms', { name: item.name, terms });
    }
    return item.price === null
      ? t('chatWindow.replyOnRequest', { name: item.name })
      : t('chatWindow.replyPriced', { name: item.name, price: formatRupees(item.price) });
  }
  // Counts as text, as the English replies always printed them (no digit grouping).
  return named.total > named.items.length
    ? t('chatWindow.replyManyMatching', {
        total: String(named.total),
        phrase: named.phrase,
        shown: String(CHAT_ITEMS_SHOWN),
      })
    : t('chatWindow.replySeveral', { count: String(named.total) });
}

/**
 * The reply to a visitor's message (SPEC §7, decision 052). Items the message names by code or
 * whole name answer first, with their catalogue prices; a phrase that matches many items answers
 * only when no topic keyword does ("price of a lathe" is the price topic, not a list of lathes).
 * Then the first topic whose keyword the message contains; else the fallback, with the offers.
 */
export function chatReply(
  message: string,
  texts: ChatTexts,
  named: ChatItemsAnswer | null,
  defaults: ItemTermsDefaults | null,
  t: T = english,
): ChatReply {
  const topic = chatTopicOf(message);
  const answersWithItems =
    named !== null &&
    named.items.length > 0 &&
    (named.match !== 'phrase' || named.total <= CHAT_ITEMS_SHOWN || topic === null);
  if (answersWithItems) {
    // An item's price answers "price", its own terms "delivery" and "warranty" (every item's card
    // shows both); any other topic's answer follows the items.
    const answered =
      topic === null ||
      topic === 'price' ||
      (ITEM_TERMS_TOPICS.includes(topic) && named.items.every((item) => itemTermsText(item, t) !== null));
    const after = answered ? '' : `\n\n${topicText(topic, texts, defaults, t)}`;
    return {
      text: itemsText(named, topic, t) + after,
      items: named.items,
      more:
        named.total > named.items.length && named.phrase !== ''
          ? { total: named.total, phrase: named.phrase, kind: named.items[0]!.kind }
          : null,
      offersContact: false,
    };
  }
  if (topic !== null) {
    return { text: topicText(topic, texts, defaults, t), items: [], more: null, offersContact: false };
  }
  return { text: texts.fallback, items: [], more: null, offersContact: true };
}
