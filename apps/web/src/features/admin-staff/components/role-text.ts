import type { StaffRole } from '@capstan/shared';
import type { BackOfficeKey } from '@/lib/i18n/admin';

/** Each role's name, as the back office shows it (the values stay `STAFF_ROLES`). */
export const ROLE_LABELS: Record<StaffRole, BackOfficeKey> = {
  owner: 'adminStaff.roleOwner',
  editor: 'adminStaff.roleEditor',
  sales: 'adminStaff.roleSales',
  service: 'adminStaff.roleService',
};

export const ROLE_SUMMARIES: Record<StaffRole, BackOfficeKey> = {
  owner: 'adminStaff.summaryOwner',
  editor: 'adminStaff.summaryEditor',
  sales: 'adminStaff.summarySales',
  service: 'adminStaff.summaryService',
};

export const selectClass =
  'h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-50';
