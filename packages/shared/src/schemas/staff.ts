import { STAFF_ROLES, type StaffRole } from '../roles';
import { z } from './zod';

const roleSchema = z.enum(STAFF_ROLES, { message: 'Choose a role: owner, editor, sales or service' });

/** Staff screen: invite a colleague (`POST /api/admin/staff`). */
export const staffInviteInputSchema = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ message: 'Enter a valid email address' }))
      .pipe(z.string().max(254, { message: 'Email must be at most 254 characters' })),
    role: roleSchema,
  })
  .strict();
export type StaffInviteInput = z.input<typeof staffInviteInputSchema>;

/** Staff screen: change a colleague's role or turn their account off and on (`PUT /api/admin/staff/{id}`). */
export const staffUpdateInputSchema = z
  .object({
    role: roleSchema.optional(),
    disabled: z.boolean().optional(),
  })
  .strict()
  .refine((v) => v.role !== undefined || v.disabled !== undefined, { message: 'Nothing to change' });
export type StaffUpdateInput = z.input<typeof staffUpdateInputSchema>;

export interface StaffMember {
  id: string;
  email: string;
  username: string;
  role: StaffRole;
  twoFactor: boolean;
  /** ISO time of the last sign-in, or null if never signed in. */
  lastSignInAt: string | null;
  disabled: boolean;
  createdAt: string;
}

export interface StaffListResponse {
  staff: StaffMember[];
}

export interface StaffInviteResponse {
  staff: StaffMember;
  /** Shown once to the owner to pass on; only its hash is stored. */
  password: string;
  message: string;
}

export interface StaffUpdateResponse {
  staff: StaffMember;
  message: string;
}

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  editor: 'Editor',
  sales: 'Sales',
  service: 'Service',
};
