import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { changePasswordFormSchema, type ChangePasswordFormValues, PASSWORD_MIN_LENGTH } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';
import { useChangePassword } from '../api/account';
import { showErrorMessage } from './error-message';

const EMPTY: ChangePasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };
const resolver = zodResolver(changePasswordFormSchema);

type FieldName = keyof ChangePasswordFormValues;

export function ChangePasswordForm() {
  const id = useId();
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordFormValues>({ resolver, defaultValues: EMPTY });

  const onSubmit = async (values: ChangePasswordFormValues) => {
    try {
      await changePassword.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      toast({ title: t('adminAccount.success'), description: t('adminAccount.passwordChanged') });
      reset(EMPTY);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('adminAccount.error'),
        description: refusal(
          showErrorMessage(error, t('adminAccount.passwordNotChanged'), t('adminAccount.networkError')),
        ),
      });
    }
  };

  const field = (name: FieldName, label: string, autoComplete: string, hint?: string) => {
    const error = refusal(errors[name]?.message);
    const describedBy = [hint ? `${id}-${name}-hint` : null, error ? `${id}-${name}-error` : null]
      .filter(Boolean)
      .join(' ');
    return (
      <div className="grid gap-2">
        <Label htmlFor={`${id}-${name}`}>{label}</Label>
        <Input
          id={`${id}-${name}`}
          type="password"
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          disabled={isSubmitting}
          {...register(name)}
        />
        {hint && (
          <p id={`${id}-${name}-hint`} className="text-sm text-muted-foreground">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${id}-${name}-error`} className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate className="grid max-w-md gap-4">
      {field('currentPassword', t('adminAccount.currentPassword'), 'current-password')}
      {field(
        'newPassword',
        t('adminAccount.newPassword'),
        'new-password',
        t('adminAccount.newPasswordHint', { min: PASSWORD_MIN_LENGTH }),
      )}
      {field('confirmPassword', t('adminAccount.confirmPassword'), 'new-password')}
      <Button type="submit" disabled={isSubmitting} className="w-fit">
        <KeyRound aria-hidden="true" />
        {isSubmitting ? t('adminAccount.changing') : t('adminAccount.changePassword')}
      </Button>
    </form>
  );
}
