import type { ReactNode } from 'react';
import { ShieldOff, UserCheck, UserX } from 'lucide-react';
import { STAFF_ROLES, type StaffMember, type StaffRole } from '@capstan/shared';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { useAdminSession } from '@/lib/auth-storage';
import { useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';
import { useResetStaffTwoFactor, useStaff, useUpdateStaff } from '../api/staff';
import { InviteStaffForm } from './invite-staff-form';
import { ROLE_LABELS, selectClass } from './role-text';

// The works and its staff are in India: show Indian time whatever the browser's zone.
const SIGN_IN_TIME = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' } as const;

const isRole = (value: string): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value);

function useReport() {
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
  return (work: Promise<{ message: string }>, fallback: string) =>
    work.then(
      // The server words what it did in English; said in the staff member's language.
      (result) => toast({ title: t('adminStaff.success'), description: refusal(result.message) }),
      (error: unknown) =>
        toast({
          variant: 'destructive',
          title: t('adminStaff.error'),
          description:
            error instanceof ApiError ? refusal(error.serverMessage ?? fallback) : t('adminStaff.networkError'),
        }),
    );
}

/** Words said to screen readers only, such as whose account a button changes. */
const sr = (chunks: ReactNode[]) => <span className="sr-only">{chunks}</span>;

function StaffRow({ member, isSelf }: { member: StaffMember; isSelf: boolean }) {
  const update = useUpdateStaff();
  const resetTwoFactor = useResetStaffTwoFactor();
  const report = useReport();
  const { t, rich, intl } = useAdminT();
  const busy = update.isPending || resetTwoFactor.isPending;
  const roleId = `staff-role-${member.id}`;

  return (
    <li className="flex flex-col gap-3 rounded-lg border bg-background p-4 lg:flex-row lg:items-center lg:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold break-all">
          {member.email}
          {isSelf && <Badge variant="secondary">{t('adminStaff.you')}</Badge>}
          {member.disabled && <Badge variant="destructive">{t('adminStaff.disabled')}</Badge>}
        </p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-muted-foreground">
          <dt>{t('adminStaff.twoFactor')}</dt>
          <dd>{member.twoFactor ? t('adminStaff.on') : t('adminStaff.off')}</dd>
          <dt>{t('adminStaff.lastSignIn')}</dt>
          <dd>
            {member.lastSignInAt ? intl.formatDate(new Date(member.lastSignInAt), SIGN_IN_TIME) : t('adminStaff.never')}
          </dd>
        </dl>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={roleId} className="sr-only">
          {t('adminStaff.roleFor', { email: member.email })}
        </label>
        <select
          id={roleId}
          className={selectClass}
          value={member.role}
          disabled={busy}
          onChange={(event) => {
            const role = event.target.value;
            if (isRole(role)) void report(update.mutateAsync({ id: member.id, role }), t('adminStaff.roleNotChanged'));
          }}
        >
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(ROLE_LABELS[role])}
            </option>
          ))}
        </select>
        <Button
          variant="outline"
          disabled={busy}
          onClick={() =>
            void report(
              update.mutateAsync({ id: member.id, disabled: !member.disabled }),
              t('adminStaff.accountNotChanged'),
            )
          }
        >
          {member.disabled ? <UserCheck aria-hidden="true" /> : <UserX aria-hidden="true" />}
          {rich(member.disabled ? 'adminStaff.enable' : 'adminStaff.disable', { email: member.email, sr })}
        </Button>
        {member.twoFactor && (
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => void report(resetTwoFactor.mutateAsync(member.id), t('adminStaff.twoFactorNotReset'))}
          >
            <ShieldOff aria-hidden="true" />
            {rich('adminStaff.resetTwoFactor', { email: member.email, sr })}
          </Button>
        )}
      </div>
    </li>
  );
}

/** Staff (decision 024): the owner's view of everyone who can sign in to the back office. */
export function StaffScreen() {
  const staff = useStaff();
  const selfId = useAdminSession()?.user?.id;
  const { t } = useAdminT();

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('adminStaff.title')}</h1>
        <p className="text-muted-foreground">{t('adminStaff.intro')}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle level={2}>{t('adminStaff.inviteTitle')}</CardTitle>
          <CardDescription>{t('adminStaff.inviteDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          <InviteStaffForm />
        </CardContent>
      </Card>
      <section aria-labelledby="staff-list-heading" className="grid gap-3">
        <h2 id="staff-list-heading" className="text-xl font-semibold">
          {t('adminStaff.listHeading')}
        </h2>
        <QueryState query={staff} errorText={t('adminStaff.loadFailed')}>
          {(data) => (
            <ul className="grid gap-3">
              {data.staff.map((member) => (
                <StaffRow key={member.id} member={member} isSelf={member.id === selfId} />
              ))}
            </ul>
          )}
        </QueryState>
      </section>
    </div>
  );
}
