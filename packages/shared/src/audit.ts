import { z } from './schemas/zod';

/** Every kind of admin action the audit trail records. */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sign_in_locked',
  'item.create',
  'item.update',
  'item.delete',
  'item.featured',
  'featured.order',
  'inquiry.status',
  'review.update',
  'inquiry.update',
  'inquiry.note',
  'email.resend',
  'user.password_change',
  'user.create',
  'user.update',
  'user.disable',
  'site.company',
  'site.landing',
  'site.chat',
  'site.terms',
  'category.create',
  'category.update',
  'category.delete',
  'catalogue.import',
  'catalogue.pictures',
  'backup.schedule',
  'backup.run',
  'backup.download',
  'quotation.create',
  'quotation.update',
  'quotation.revise',
  'quotation.send',
  'quotation.view',
  'quotation.accept',
  'quotation.changes',
  'installation.create',
  'installation.update',
  'installation.import',
  'amc.create',
  'amc.update',
  'amc.visit',
  'amc.visit_delete',
  'service_request.update',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Failed sign-in',
  'auth.sign_in_locked': 'Sign-in locked after failed attempts',
  'item.create': 'Created item',
  'item.update': 'Updated item',
  'item.delete': 'Deleted item',
  'item.featured': 'Changed featured',
  'featured.order': 'Changed featured order',
  'inquiry.status': 'Changed inquiry status',
  'review.update': 'Moderated review',
  'inquiry.update': 'Updated inquiry',
  'inquiry.note': 'Added a note to an inquiry',
  'email.resend': 'Sent an email again',
  'user.password_change': 'Changed password',
  'user.create': 'Created staff account',
  'user.update': 'Updated staff account',
  'user.disable': 'Disabled staff account',
  'site.company': 'Changed company settings',
  'site.landing': 'Changed landing page',
  'site.chat': 'Changed chat answers',
  'site.terms': 'Changed delivery and warranty defaults',
  'category.create': 'Created machine category',
  'category.update': 'Renamed machine category',
  'category.delete': 'Deleted machine category',
  'catalogue.import': 'Imported a catalogue file',
  'catalogue.pictures': 'Imported a ZIP of pictures',
  'backup.schedule': 'Changed the daily backup',
  'backup.run': 'Started a backup',
  'backup.download': 'Downloaded a backup',
  'quotation.create': 'Prepared a quotation',
  'quotation.update': 'Edited a draft quotation',
  'quotation.revise': 'Revised a quotation',
  'quotation.send': 'Sent a quotation',
  'quotation.view': 'Buyer opened a quotation',
  'quotation.accept': 'Buyer accepted a quotation',
  'quotation.changes': 'Buyer asked for changes to a quotation',
  'installation.create': 'Registered an installed machine',
  'installation.update': 'Updated an installed machine',
  'installation.import': 'Imported a file of installed machines',
  'amc.create': 'Added an AMC contract',
  'amc.update': 'Changed an AMC contract',
  'amc.visit': 'Recorded an AMC visit',
  'amc.visit_delete': 'Removed an AMC visit',
  'service_request.update': 'Changed a service request',
};

/** `email`: a message of the outbox (Admin → Outbox), labelled with its subject. */
export const AUDIT_TARGET_TYPES = [
  'machine',
  'spare',
  'service',
  'inquiry',
  'user',
  'review',
  'email',
  'category',
  'backup',
  'installation',
  'service_request',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** A recorded value: scalars or a list of strings; long texts are shortened when recorded. */
export const auditValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]);
export type AuditValue = z.infer<typeof auditValueSchema>;

/** Changed fields only: `{ price: { before: 1000, after: 1200 } }`. */
export const auditChangesSchema = z.record(z.string(), z.object({ before: auditValueSchema, after: auditValueSchema }));
export type AuditChanges = z.infer<typeof auditChangesSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  /** ISO 8601 time the action was recorded. */
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** Who: the signed-in user, or for a failed sign-in the attempted email (userId null). */
  actor: z.object({ userId: z.string().nullable(), email: z.string().nullable() }),
  /** The client address the request came from. */
  ip: z.string().nullable(),
  target: z
    .object({
      type: z.enum(AUDIT_TARGET_TYPES),
      id: z.string(),
      /** The item's name (or the inquirer's) when the action happened. */
      label: z.string().nullable(),
      /** Whether the target still exists (so the screen links to its edit page only then). */
      exists: z.boolean(),
    })
    .nullable(),
  changes: auditChangesSchema.nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_SIZE_DEFAULT = 50;
export const AUDIT_PAGE_SIZE_MAX = 200;

export const auditListQuerySchema = z
  .object({
    action: z.enum(AUDIT_ACTIONS).optional(),
    /** Opaque cursor from the previous page's `nextCursor`. */
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(AUDIT_PAGE_SIZE_DEFAULT),
  })
  .strict();
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
