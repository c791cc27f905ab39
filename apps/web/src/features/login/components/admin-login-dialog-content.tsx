import { useId, useRef, useState, type FormEvent } from 'react';
import { Eye, EyeOff, LogIn } from 'lucide-react';
import { type LoginResponse, loginInputSchema, loginTotpInputSchema } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useOpenBackOffice } from '@/hooks/use-open-back-office';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { writeAdminSession } from '@/lib/auth-storage';
import { useT } from '@/lib/i18n';
import { needsSecondStep, useLogin, useLoginWithCode } from '../api/login';
import type { AdminLoginDialogProps } from './admin-login-dialog-props';

/**
 * SPEC §2 / §4 / §5 / §8: the admin login dialog opened from the footer's Admin Access.
 * Loaded on demand through `AdminLoginDialog`, which keeps Radix Dialog and the login schema out of the entry chunk.
 */
export function AdminLoginDialogContent({ open, onOpenChange, onLoginSuccess }: AdminLoginDialogProps) {
  const id = useId();
  const { t } = useT();
  const showError = (description: string) => toast({ variant: 'destructive', title: t('login.error'), description });
  const openBackOffice = useOpenBackOffice();
  const loginMutation = useLogin();
  const codeMutation = useLoginWithCode();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // Set once the password was right on an account with two-factor on: the dialog then asks for a code.
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const inFlight = useRef(false);
  // The control that opened the dialog (Admin Access): Radix returns the focus only to its own Trigger.
  const opener = useRef<HTMLElement | null>(null);

  const resetForm = () => {
    setEmail('');
    setPassword('');
    setShowPassword(false);
    setChallenge(null);
    setCode('');
    setUseRecovery(false);
  };

  const signedIn = (response: LoginResponse) => {
    writeAdminSession(response.token, response.user);
    toast({ title: t('login.success'), description: t('login.welcomeBack') });
    resetForm();
    onOpenChange(false);
    onLoginSuccess?.();
    // SPEC §4: a successful login from the landing page goes to the dashboard.
    openBackOffice();
  };

  const onSubmitCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current || challenge === null) return;
    const parsed = loginTotpInputSchema.safeParse(
      useRecovery ? { challenge, recoveryCode: code } : { challenge, code },
    );
    if (!parsed.success) {
      showError(parsed.error.issues[0]?.message ?? t('login.enterCode'));
      return;
    }
    inFlight.current = true;
    setSubmitting(true);
    try {
      signedIn(await codeMutation.mutateAsync(parsed.data));
    } catch (error) {
      if (error instanceof ApiError) showError(error.serverMessage ?? t('login.failed'));
      else showError(t('login.networkError'));
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    // SPEC §5: blank after trimming → error, and no call.
    if (email.trim() === '' || password.trim() === '') {
      showError(t('login.fillAllFields'));
      return;
    }
    const parsed = loginInputSchema.safeParse({ email, password });
    if (!parsed.success) {
      showError(parsed.error.issues[0]?.message ?? t('login.fillAllFields'));
      return;
    }

    inFlight.current = true;
    setSubmitting(true);
    try {
      const response = await loginMutation.mutateAsync(parsed.data);
      if (needsSecondStep(response)) {
        setChallenge(response.challenge);
        setPassword('');
        setShowPassword(false);
        return;
      }
      signedIn(response);
    } catch (error) {
      if (error instanceof ApiError) showError(error.serverMessage ?? t('login.failed'));
      else showError(t('login.networkError'));
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="md"
        onOpenAutoFocus={() => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          // Still on the page (not after a sign-in that navigated away): give it the focus back.
          if (opener.current?.isConnected) {
            event.preventDefault();
            opener.current.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('login.title')}</DialogTitle>
          <DialogDescription>{t('login.description')}</DialogDescription>
        </DialogHeader>
        {challenge !== null ? (
          <form onSubmit={(event) => void onSubmitCode(event)} noValidate className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-code`}>
                {useRecovery ? t('login.recoveryCode') : t('login.authenticationCode')}
              </Label>
              <Input
                id={`${id}-code`}
                inputMode={useRecovery ? 'text' : 'numeric'}
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                disabled={submitting}
                placeholder={useRecovery ? 'abcde-12345' : '123456'}
                autoFocus
              />
              <p className="text-sm text-muted-foreground">
                {useRecovery ? t('login.recoveryCodeHint') : t('login.authenticationCodeHint')}
              </p>
            </div>
            <Button type="submit" disabled={submitting} className="w-full">
              <LogIn aria-hidden="true" />
              {submitting ? t('login.verifying') : t('login.verify')}
            </Button>
            <div className="flex justify-between">
              <Button
                variant="link"
                className="px-0"
                disabled={submitting}
                onClick={() => {
                  setUseRecovery((recovery) => !recovery);
                  setCode('');
                }}
              >
                {useRecovery ? t('login.useAuthenticatorCode') : t('login.useRecoveryCode')}
              </Button>
              <Button variant="link" className="px-0" disabled={submitting} onClick={resetForm}>
                {t('login.back')}
              </Button>
            </div>
          </form>
        ) : (
          <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-email`}>{t('login.email')}</Label>
              <Input
                id={`${id}-email`}
                type="email"
                autoComplete="username"
                inputMode="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                disabled={submitting}
                placeholder="admin@example.com"
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-password`}>{t('login.password')}</Label>
              <div className="relative">
                <Input
                  id={`${id}-password`}
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  disabled={submitting}
                  className="pr-11"
                />
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => setShowPassword((shown) => !shown)}
                  aria-pressed={showPassword}
                  aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
                  disabled={submitting}
                  className="absolute top-0 right-0 h-10 w-10 text-muted-foreground hover:bg-transparent hover:text-foreground"
                >
                  {showPassword ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                </Button>
              </div>
            </div>
            <Button type="submit" disabled={submitting} className="mt-2 w-full">
              <LogIn aria-hidden="true" />
              {submitting ? t('login.signingIn') : t('login.signIn')}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
