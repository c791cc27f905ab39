import type { Kysely } from 'kysely';
import { type ChatContent, chatContentSchema, type ChatInput, DEFAULT_CHAT } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { SiteRow } from './site.repository';
import { readPart, savePart } from './site-settings.service';

/**
 * The chat's scripted texts (decision 052): one more site settings part, seeded with SPEC §7's
 * texts, saved and audited like the others. A stored copy lacking a newer answer gets its default.
 */
function chatOf(row: SiteRow): ChatContent {
  const stored = JSON.parse(row.document) as Partial<Omit<ChatContent, 'updatedAt'>>;
  return chatContentSchema.parse({
    ...DEFAULT_CHAT,
    ...stored,
    answers: { ...DEFAULT_CHAT.answers, ...stored.answers },
    updatedAt: row.updatedAt,
  });
}

/** GET /api/site/chat and GET /api/admin/site/chat: the same texts, nothing in them is private. */
export async function currentChat(db: Kysely<Database>): Promise<ChatContent> {
  return chatOf(await readPart(db, 'chat'));
}

/** PUT /api/site/chat: every text is required, so a save replaces the whole part. */
export async function saveChat(ctx: AppContext, input: ChatInput): Promise<ChatContent> {
  const { updatedAt, ...fields } = input;
  await savePart(ctx, 'chat', updatedAt, () => fields);
  return currentChat(ctx.db);
}
