import { ShieldOff, UserCheck, UserX } from 'lucide-react';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffMember, type StaffRole } from '@capstan/shared';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { useAdminSession } from '@/lib/auth-storage';
import { useResetStaffTwoFactor, useStaff, useUpdateStaff } from '../api/staff';
import { InviteStaffForm } from './invite-staff-form';
import { selectClass } from './role-text';

// The works and its staff are in India: show Indian time whatever the browser's zone.
const signInTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

const isRole = (value: string): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value);

function useReport() {
  return (work: Promise<{ message: string }>, fallback: string) =>
    work.then(
      (result) => toast({ title: 'Success', description: result.message }),
      (error: unknown) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description:
            error instanceof ApiError ? (error.serverMessage ?? fallback) : 'Network error. Please try again.',
        }),
    );
}

function StaffRow({ member, isSelf }: { member: StaffMember; isSelf: boolean }) {
  const update = useUpdateStaff();
  const resetTwoFactor = useResetStaffTwoFactor();
  const report = useReport();
  const busy = update.isPending || resetTwoFactor.isPending;
  const roleId = `staff-role-${member.id}`;

  return (
    <li className="flex flex-col gap-3 rounded-lg border bg-background p-4 lg:flex-row lg:items-center lg:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold break-all">
          {member.email}
          {isSelf && <Badge variant="secondary">You</Badge>}
          {member.disabled && <Badge variant="destructive">Disabled</Badge>}
        </p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-muted-foreground">
          <dt>Two-factor</dt>
          <dd>{member.twoFactor ? 'On' : 'Off'}</dd>
          <dt>Last sign-in</dt>
          <dd>{member.lastSignInAt ? signInTime.format(new Date(member.lastSignInAt)) : 'Never'}</dd>
        </dl>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={roleId} className="sr-only">
          Role for {member.email}
        </label>
        <select
          id={roleId}
          className={selectClass}
          value={member.role}
          disabled={busy}
          onChange={(event) => {
            const role = event.target.value;
            if (isRole(role)) void report(update.mutateAsync({ id: member.id, role }), 'The role could not be changed');
          }}
        >
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {STAFF_ROLE_LABELS[role]}
            </option>
          ))}
        </select>
        <Button
          variant="outline"
          disabled={busy}
          onClick={() =>
            void report(
              update.mutateAsync({ id: member.id, disabled: !member.disabled }),
              'The account could not be changed',
            )
          }
        >
          {member.disabled ? <UserCheck aria-hidden="true" /> : <UserX aria-hidden="true" />}
          {member.disabled ? 'Enable' : 'Disable'}
          <span className="sr-only"> {member.email}</span>
        </Button>
        {member.twoFactor && (
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => void report(resetTwoFactor.mutateAsync(member.id), 'Two-factor sign-in could not be reset')}
          >
            <ShieldOff aria-hidden="true" />
            Reset two-factor
            <span className="sr-only"> for {member.email}</span>
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

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Staff</h1>
        <p className="text-muted-foreground">
          Who can sign in to the back office, and what each person may do. Every change is in the Activity log.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle level={2}>Invite a colleague</CardTitle>
          <CardDescription>They get a password you pass on; they can change it after signing in.</CardDescription>
        </CardHeader>
        <CardContent>
          <InviteStaffForm />
        </CardContent>
      </Card>
      <section aria-labelledby="staff-list-heading" className="grid gap-3">
        <h2 id="staff-list-heading" className="text-xl font-semibold">
          Staff accounts
        </h2>
        <QueryState query={staff} errorText="Could not load the staff list.">
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
