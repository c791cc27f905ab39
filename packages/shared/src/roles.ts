import type { Locale } from './locales';
/**
 * Staff roles and what each may do (decision 024). Routes declare the permission they need
 * (`config: { access: 'admin', permission }`); the server checks it against the signed-in
 * account's role, and the back office hides what a role cannot use.
 */
export const STAFF_ROLES = ['owner', 'editor', 'sales', 'service'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  /** Create, edit, delete and reorder machines, spare parts, services and featured items. */
  'catalogue.write',
  /** Download the catalogue export (CSV, Excel) with its prices: read only, importing needs catalogue.write. */
  'catalogue.export',
  /** Company settings: name, contacts, hours, notification addresses. */
  'site.company',
  /** Landing-page content: hero, statistics, about, services, why-choose-us, testimonials. */
  'site.content',
  /** Read, approve, edit and reject visitor reviews. */
  'reviews.manage',
  /** Read inquiries, annotate, assign, set follow-ups, export; see the outbox. */
  'inquiries.manage',
  /** Prepare, revise and send GST quotations, and export the accepted ones for the accountant. */
  'quotations.manage',
  /** See the register of installed machines, their AMC contracts and service requests (issue 40). */
  'installations.read',
  /** Register, edit, import and export installed machines; run their AMC contracts and visits. */
  'installations.manage',
  /** Handle service requests: match, assign, schedule, resolve and close them with a report. */
  'service.manage',
  /** Invite staff, change roles, disable accounts, reset two-factor. */
  'staff.manage',
  /** Read the activity log. */
  'audit.read',
  /** Set the daily backup, see its runs, start one and download the archives (everything the site holds). */
  'site.backups',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  editor: ['catalogue.write', 'catalogue.export', 'site.content', 'reviews.manage', 'audit.read'],
  // Sales quote from the price list, so they may download it; they change nothing in the catalogue.
  // Sales read the installed base (who owns which machine, its warranty and AMC) to sell parts and renewals.
  sales: ['inquiries.manage', 'quotations.manage', 'catalogue.export', 'installations.read'],
  // Service engineers and their coordinator: the register, AMC visits and breakdown calls.
  service: ['installations.read', 'installations.manage', 'service.manage'],
};

export function roleCan(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** The roles that have a permission (those who may be assigned inquiries, say). */
export function rolesThatCan(permission: Permission): StaffRole[] {
  return STAFF_ROLES.filter((role) => roleCan(role, permission));
}

/** `GET /api/auth/me`: who is signed in, in which role, and what that role may do. */
export interface MeResponse {
  user: { id: string; email: string; username: string };
  role: StaffRole;
  permissions: Permission[];
  /** The back office's language this person chose (Account → Language). */
  locale: Locale;
}
