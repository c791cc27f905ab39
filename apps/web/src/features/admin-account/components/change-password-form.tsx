import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { changePasswordFormSchema, type ChangePasswordFormValues, PASSWORD_MIN_LENGTH } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { useChangePassword } from '../api/account';
import { showErrorMessage } from './error-message';

const EMPTY: ChangePasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };
const resolver = zodResolver(changePasswordFormSchema);

type FieldName = keyof ChangePasswordFormValues;

export function ChangePasswordForm() {
  const id = useId();
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
      toast({ title: 'Success', description: 'Password changed' });
      reset(EMPTY);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: showErrorMessage(error, 'Password could not be changed'),
      });
    }
  };

  const field = (name: FieldName, label: string, autoComplete: string, hint?: string) => {
    const error = errors[name]?.message;
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
      {field('currentPassword', 'Current password', 'current-password')}
      {field(
        'newPassword',
        'New password',
        'new-password',
        `At least ${PASSWORD_MIN_LENGTH} characters; a few unrelated words work well. Easily guessed ones (a common password, a word with a year) and your email are refused.`,
      )}
      {field('confirmPassword', 'Confirm new password', 'new-password')}
      <Button type="submit" disabled={isSubmitting} className="w-fit">
        <KeyRound aria-hidden="true" />
        {isSubmitting ? 'Changing...' : 'Change password'}
      </Button>
    </form>
  );
}
