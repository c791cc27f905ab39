import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAdminSession } from '@/lib/auth-storage';
import { useAdminT } from '@/lib/i18n/admin';
import { ChangePasswordForm } from './change-password-form';
import { LanguageChoice } from './language-choice';
import { TwoFactorSection } from './two-factor-section';

/** The signed-in staff member's own account: password change and optional two-factor sign-in. */
export function AccountScreen() {
  const session = useAdminSession();
  const { t } = useAdminT();
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('adminAccount.title')}</h1>
        {session?.user && (
          <p className="text-muted-foreground">{t('adminAccount.signedInAs', { email: session.user.email })}</p>
        )}
      </div>
      <Card>
        <CardHeader>
          <CardTitle level={2}>{t('admin.languageTitle')}</CardTitle>
          <CardDescription>{t('admin.languageHelp')}</CardDescription>
        </CardHeader>
        <CardContent>
          <LanguageChoice />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle level={2}>{t('adminAccount.changePasswordTitle')}</CardTitle>
          <CardDescription>{t('adminAccount.changePasswordDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle level={2}>{t('adminAccount.twoFactorTitle')}</CardTitle>
        </CardHeader>
        <CardContent>
          <TwoFactorSection />
        </CardContent>
      </Card>
    </div>
  );
}
