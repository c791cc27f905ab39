import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { STAFF_ROLES, staffInviteInputSchema, type StaffInviteInput, type StaffInviteResponse } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';
import { useInviteStaff } from '../api/staff';
import { ROLE_LABELS, ROLE_SUMMARIES, selectClass } from './role-text';

const EMPTY: StaffInviteInput = { email: '', role: 'sales' };
const resolver = zodResolver(staffInviteInputSchema);

export function InviteStaffForm() {
  const id = useId();
  const { t, rich } = useAdminT();
  const refusal = useAdminRefusal();
  const invite = useInviteStaff();
  const [invited, setInvited] = useState<StaffInviteResponse | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<StaffInviteInput>({ resolver, defaultValues: EMPTY });

  const onSubmit = async (values: StaffInviteInput) => {
    try {
      setInvited(await invite.mutateAsync(values));
      reset(EMPTY);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('adminStaff.error'),
        description:
          error instanceof ApiError
            ? refusal(error.serverMessage ?? t('adminStaff.notInvited'))
            : t('adminStaff.networkError'),
      });
    }
  };

  const emailError = refusal(errors.email?.message);
  return (
    <div className="grid gap-4">
      <form
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        noValidate
        className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-start"
      >
        <div className="grid gap-2">
          <Label htmlFor={`${id}-email`}>{t('adminStaff.email')}</Label>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
            disabled={isSubmitting}
            {...register('email')}
          />
          {emailError && (
            <p id={`${id}-email-error`} className="text-sm text-destructive">
              {emailError}
            </p>
          )}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-role`}>{t('adminStaff.role')}</Label>
          <select id={`${id}-role`} className={selectClass} disabled={isSubmitting} {...register('role')}>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(ROLE_LABELS[role])}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={isSubmitting} className="w-fit sm:mt-7">
          <UserPlus aria-hidden="true" />
          {isSubmitting ? t('adminStaff.inviting') : t('adminStaff.invite')}
        </Button>
      </form>
      <ul className="grid gap-1 text-sm text-muted-foreground">
        {STAFF_ROLES.map((role) => (
          <li key={role}>
            <span className="font-medium text-foreground">{t(ROLE_LABELS[role])}:</span> {t(ROLE_SUMMARIES[role])}
          </li>
        ))}
      </ul>
      {invited && (
        <div role="status" className="grid gap-2 rounded-md border border-primary/30 bg-primary/5 p-4 text-sm">
          <p>
            {rich('adminStaff.invited', {
              email: invited.staff.email,
              role: invited.staff.role,
              b: (chunks) => <span className="font-semibold">{chunks}</span>,
            })}
          </p>
          <code className="w-fit rounded bg-background px-3 py-2 font-mono text-base break-all select-all">
            {invited.password}
          </code>
          <Button variant="outline" size="sm" className="w-fit" onClick={() => setInvited(null)}>
            {t('adminStaff.done')}
          </Button>
        </div>
      )}
    </div>
  );
}
