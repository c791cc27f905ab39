import {
  CHAT_ITEMS_SHOWN,
  CHAT_TOPIC_KEYWORDS,
  CHAT_TOPICS,
  type ChatItem,
  type ChatItemsAnswer,
  type ChatItemsMatch,
  type ContentLocale,
  effectiveItemTerms,
  type MachineListEntry,
  type ServiceListEntry,
  type SparePartListEntry,
} from '@capstan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findItem } from '../catalogue/catalogue.repository';
import type { NamingQuery } from '../catalogue/catalogue-lists';
import type { ItemNames } from '../catalogue/item-names';
import { lettersAndDigits } from '../catalogue/item-names';
import type { ListIndex } from '../catalogue/list-index';
import { currentItemTerms } from '../site/item-terms.service';

export interface ChatLists {
  machines: ListIndex<MachineListEntry>;
  spares: ListIndex<SparePartListEntry>;
  services: ListIndex<ServiceListEntry>;
}

// Marks are part of Tamil and Devanagari words (their vowel signs).
const WORD_SPLIT = /[^\p{L}\p{M}\p{N}]+/u;
const HAS_LETTER = /\p{L}/u;
const HAS_DIGIT = /\p{N}/u;

/** A code is read from up to this many words: "np38 col 25", "NP 50 HD". */
const CODE_MAX_WORDS = 4;
/** A phrase shorter than this (letters and digits) names too much to mean an item. */
const PHRASE_MIN_LETTERS = 4;

const TOPIC_KEYWORDS = CHAT_TOPICS.flatMap((topic) => CHAT_TOPIC_KEYWORDS[topic]);

/**
 * Words of a question that are not part of an item's name: "what is the price of the spring
 * collet?" leaves "spring collet". Topic keywords go too, so "collet price" is the collet.
 */
const QUESTION_WORDS = new Set(
  (
    'a an the of for to in on at by with from and or is are was be do does did can could would should will ' +
    'i me my we our us you your it its this that these those there here what which who whom how much many ' +
    'when where why please pls kindly tell give send show know want need needed looking look require ' +
    'required get buy order have has any some about cost costs costing rate rates rs inr rupees quote quotation ' +
    'details detail info information available availability stock time long take takes hi hello dear sir ' +
    'madam thanks thank ok okay also same all one model machine item product'
  ).split(' '),
);

const isQuestionWord = (word: string) =>
  QUESTION_WORDS.has(word) || TOPIC_KEYWORDS.some((keyword) => word.startsWith(keyword));

/** The words of a message, lower case, letters and digits only. */
function wordsOf(message: string): string[] {
  return message
    .toLowerCase()
    .split(WORD_SPLIT)
    .filter((word) => word !== '');
}

/**
 * Codes in the message, longest first: a run of up to CODE_MAX_WORDS words with letters and
 * digits that is some item's code. A word used by a longer code is not read again, so
 * "NP38-COL-25" is the collet and not also the NP-38.
 */
function byCode<T>(words: readonly string[], lookUp: (code: string) => T[]): T[] {
  const used = new Array<boolean>(words.length).fill(false);
  const found: T[] = [];
  for (let size = Math.min(CODE_MAX_WORDS, words.length); size >= 1; size -= 1) {
    for (let start = 0; start + size <= words.length; start += 1) {
      if (used.slice(start, start + size).some(Boolean)) continue;
      const code = words.slice(start, start + size).join('');
      if (!HAS_LETTER.test(code) || !HAS_DIGIT.test(code)) continue;
      const items = lookUp(code);
      if (items.length === 0) continue;
      found.push(...items);
      used.fill(true, start, start + size);
    }
  }
  return found;
}

type AnyEntry = MachineListEntry | SparePartListEntry | ServiceListEntry;

function chatItemOf(kind: ChatItem['kind'], entry: AnyEntry, lang: ContentLocale | undefined): ChatItem {
  return {
    id: entry.id,
    kind,
    // In the page's language where staff translated it (decision 072).
    name: (lang && entry.translations?.[lang]?.name) || entry.name,
    code: entry.code ?? null,
    category: 'category' in entry ? entry.category : null,
    // Services carry no price: they are always quoted.
    price: 'price' in entry ? (entry.price ?? null) : null,
    // List entries carry no terms; the route adds them to the items shown (withTerms).
    availability: null,
    warranty: null,
  };
}

/** One lookup across the three lists: machines, then spare parts, then services. */
function across(
  lists: ChatLists,
  find: (names: ItemNames) => readonly number[],
  lang: ContentLocale | undefined,
): ChatItem[] {
  const seen = new Set<string>();
  const items = [
    ...lists.machines.named(find).map((entry) => chatItemOf('machine', entry, lang)),
    ...lists.spares.named(find).map((entry) => chatItemOf('spare', entry, lang)),
    ...lists.services.named(find).map((entry) => chatItemOf('service', entry, lang)),
  ];
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}

function answer(items: ChatItem[], match: ChatItemsMatch | null, phrase: string): ChatItemsAnswer {
  return { items: items.slice(0, CHAT_ITEMS_SHOWN), total: items.length, match, phrase };
}

/**
 * What itemsNamedIn() looks items up by, for a list engine that first fetches the items it could
 * find (catalogue-lists.ts): every run of words a code may be, the message's letters and digits,
 * and the phrase its question words leave.
 */
export function namingQueryOf(message: string): NamingQuery {
  const words = wordsOf(message);
  const codes: string[] = [];
  for (let size = Math.min(CODE_MAX_WORDS, words.length); size >= 1; size -= 1) {
    for (let start = 0; start + size <= words.length; start += 1) {
      const code = words.slice(start, start + size).join('');
      if (HAS_LETTER.test(code) && HAS_DIGIT.test(code)) codes.push(code);
    }
  }
  const phrase = lettersAndDigits(words.filter((word) => !isQuestionWord(word)).join(''));
  return { codes, text: words.join(''), phrase: phrase.length < PHRASE_MIN_LETTERS ? '' : phrase };
}

/**
 * The items a visitor's chat message names (decision 052): by code ("price of NP 38"), else by
 * an item's whole name, else by the words left once the question's own words are taken out
 * ("is the spring collet in stock" → items whose name holds "spring collet").
 */
export function itemsNamedIn(lists: ChatLists, message: string, lang?: ContentLocale): ChatItemsAnswer {
  const words = wordsOf(message);

  const codeWords: string[] = [];
  const coded = byCode(words, (code) => {
    const items = across(lists, (names) => names.withCode(code), lang);
    if (items.length > 0) codeWords.push(code);
    return items;
  });
  if (coded.length > 0) return answer(coded, 'code', codeWords.join(' '));

  const named = across(lists, (names) => names.namedWithin(words.join('')), lang);
  if (named.length > 0) return answer(named, 'name', '');

  const phraseWords = words.filter((word) => !isQuestionWord(word));
  const phrase = lettersAndDigits(phraseWords.join(''));
  if (phrase.length < PHRASE_MIN_LETTERS) return answer([], null, '');
  const containing = across(lists, (names) => names.namesContaining(phrase), lang);
  return answer(
    containing,
    containing.length > 0 ? 'phrase' : null,
    containing.length > 0 ? phraseWords.join(' ') : '',
  );
}

/**
 * The shown items with the availability and warranty in force for each (their own, or their
 * kind's default), as their pages and JSON-LD say them (decision 051).
 */
export async function withTerms(db: Kysely<Database>, answer: ChatItemsAnswer): Promise<ChatItemsAnswer> {
  if (!answer.items.some((item) => item.kind !== 'service')) return answer;
  const defaults = await currentItemTerms(db);
  const items = await Promise.all(
    answer.items.map(async (item) => {
      if (item.kind === 'service') return item;
      const record = await findItem(db, item.id, item.kind, { partsThatFit: false });
      if (!record) return item;
      const { availability, warranty } = effectiveItemTerms(record.terms, defaults[item.kind]);
      return {
        ...item,
        availability: { status: availability.status, leadTimeWeeks: availability.leadTimeWeeks },
        warranty: { months: warranty.months },
      };
    }),
  );
  return { ...answer, items };
}
