import type { Kysely } from 'kysely';
import type { AppConfig } from './config';
import type { DialectName } from './db/database';
import type { Database } from './db/schema';
import type { ImageStore } from './modules/images/image-store';
import type { MailWorker } from './modules/mail/mail-worker';

/** What routes and services need, built once by buildApp. */
export interface AppContext {
  config: AppConfig;
  db: Kysely<Database>;
  dialect: DialectName;
  images: ImageStore;
  /** Sends the outbox; absent without SMTP_URL (messages then wait). */
  mailWorker?: MailWorker;
}
