import type { Kysely } from 'kysely';
import {
  type ChatContent,
  chatContentSchema,
  type ChatInput,
  type ContentLocale,
  DEFAULT_CHAT,
  DEFAULT_CHAT_TRANSLATIONS,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { SiteRow } from './site.repository';
import { readPart, savePart, storedTranslations } from './site-settings.service';
import { localizeChat, patchChatTranslations } from './site-translations';

/**
 * The chat's scripted texts (decision 052): one more site settings part, seeded with SPEC §7's
 * texts, saved and audited like the others. A stored copy lacking a newer answer gets its default.
 * Their Tamil and Hindi versions are kept beside them under `translations` (issue 38).
 */
function chatOf(row: SiteRow): ChatContent {
  const stored = JSON.parse(row.document) as Partial<Omit<ChatContent, 'updatedAt'>>;
  return chatContentSchema.parse({
    ...DEFAULT_CHAT,
    ...stored,
    answers: { ...DEFAULT_CHAT.answers, ...stored.answers },
    translations: storedTranslations(stored, row, DEFAULT_CHAT_TRANSLATIONS),
    updatedAt: row.updatedAt,
  });
}

/**
 * GET /api/admin/site/chat, and GET /api/site/chat: nothing in them is private. With `lang` the
 * texts are that language's, in place (English where staff left one untranslated).
 */
export async function currentChat(db: Kysely<Database>, lang?: ContentLocale): Promise<ChatContent> {
  const chat = chatOf(await readPart(db, 'chat'));
  return lang === undefined ? chat : localizeChat(chat, lang);
}

/**
 * PUT /api/site/chat: every English text is required, so a save replaces them; the translations
 * are patched (absent keeps, empty removes).
 */
export async function saveChat(ctx: AppContext, input: ChatInput): Promise<ChatContent> {
  const { updatedAt, translations, ...fields } = input;
  await savePart(ctx, 'chat', updatedAt, (stored) => ({
    ...fields,
    translations: patchChatTranslations(chatOf(stored).translations, translations),
  }));
  return currentChat(ctx.db);
}
