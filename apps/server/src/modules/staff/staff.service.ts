import type {
  AuditChanges,
  StaffInviteResponse,
  StaffListResponse,
  StaffMember,
  StaffUpdateInput,
  StaffUpdateResponse,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { writeTransaction } from '../../db/write-transaction';
import { HttpError, notFound } from '../../http-error';
import { recordAudit } from '../audit/audit.service';
import { createStaffAccount, resetStaffTwoFactor, StaffAccountError } from '../auth/staff-accounts';
import { deleteUserSessions } from '../auth/sessions.repository';
import { deleteUserLoginChallenges } from '../auth/two-factor.repository';
import { findStaffRow, listStaffRows, lockActiveOwnerIds, toStaffMember, updateStaffRow } from './staff.repository';

export const LAST_OWNER_MESSAGE =
  'This is the last active owner. Make another colleague an owner first, so that someone can still manage staff.';

// The request's own actor and address go into the audit trail.
const FROM_REQUEST = {};

export async function listStaff(ctx: AppContext): Promise<StaffListResponse> {
  return { staff: (await listStaffRows(ctx.db)).map(toStaffMember) };
}

async function requireStaff(ctx: AppContext, id: string): Promise<StaffMember> {
  const row = await findStaffRow(ctx.db, id);
  if (!row) throw notFound('Staff account');
  return toStaffMember(row);
}

/**
 * A colleague's account with a generated password the owner passes on (decision 024); only its
 * hash is stored. The colleague changes it under Account after signing in.
 */
export async function inviteStaff(
  ctx: AppContext,
  input: { email: string; role: StaffMember['role'] },
): Promise<StaffInviteResponse> {
  let created: Awaited<ReturnType<typeof createStaffAccount>>;
  try {
    created = await createStaffAccount(ctx.db, { email: input.email, role: input.role }, FROM_REQUEST);
  } catch (error) {
    if (error instanceof StaffAccountError && error.code === 'duplicate-email') throw new HttpError(409, error.message);
    if (error instanceof StaffAccountError) throw new HttpError(400, error.message);
    throw error;
  }
  const staff = await requireStaff(ctx, created.id);
  return {
    staff,
    password: created.generatedPassword ?? '',
    message: `Invited ${staff.email}. Pass the password on privately; it is shown only this once.`,
  };
}

/**
 * Role and disabled state in one write transaction, so the last-owner check and the write cannot
 * be split by another owner's change. Disabling ends the account's sessions at once.
 */
export async function updateStaff(ctx: AppContext, id: string, input: StaffUpdateInput): Promise<StaffUpdateResponse> {
  const staff = await writeTransaction(ctx, async (trx) => {
    const owners = await lockActiveOwnerIds(trx, ctx.dialect);
    const row = await findStaffRow(trx, id);
    if (!row) throw notFound('Staff account');
    const before = toStaffMember(row);
    const role = input.role ?? before.role;
    const disabled = input.disabled ?? before.disabled;

    const staysActiveOwner = role === 'owner' && !disabled;
    if (owners.includes(id) && !staysActiveOwner && owners.length <= 1) throw new HttpError(409, LAST_OWNER_MESSAGE);

    const changes: AuditChanges = {};
    if (role !== before.role) changes.role = { before: before.role, after: role };
    if (disabled !== before.disabled) changes.disabled = { before: before.disabled, after: disabled };
    if (Object.keys(changes).length === 0) return before;

    await updateStaffRow(trx, id, {
      role,
      disabledAt: disabled === before.disabled ? undefined : disabled ? new Date().toISOString() : null,
    });
    if (disabled && !before.disabled) {
      await deleteUserSessions(trx, id);
      await deleteUserLoginChallenges(trx, id);
    }
    const target = { type: 'user' as const, id, label: before.email };
    await recordAudit(trx, {
      action: disabled && !before.disabled ? 'user.disable' : 'user.update',
      target,
      changes,
    });
    return { ...before, role, disabled };
  });
  const what = staff.disabled ? 'disabled' : `now ${staff.role}`;
  return { staff, message: `${staff.email} is ${what}.` };
}

/** For a colleague who lost their authenticator and recovery codes: they sign in with the password and may enrol again. */
export async function resetTwoFactor(ctx: AppContext, id: string): Promise<StaffUpdateResponse> {
  const before = await requireStaff(ctx, id);
  await resetStaffTwoFactor(ctx.db, { email: before.email }, FROM_REQUEST);
  const staff = await requireStaff(ctx, id);
  return { staff, message: `Two-factor sign-in is off for ${staff.email}; their sessions have ended.` };
}
