import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAdminSession } from '@/lib/auth-storage';
import { ChangePasswordForm } from './change-password-form';
import { TwoFactorSection } from './two-factor-section';

/** The signed-in staff member's own account: password change and optional two-factor sign-in. */
export function AccountScreen() {
  const session = useAdminSession();
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Account</h1>
        {session?.user && <p className="text-muted-foreground">Signed in as {session.user.email}</p>}
      </div>
      <Card>
        <CardHeader>
          <CardTitle level={2}>Change password</CardTitle>
          <CardDescription>Your other signed-in devices are signed out when the password changes.</CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle level={2}>Two-factor sign-in</CardTitle>
        </CardHeader>
        <CardContent>
          <TwoFactorSection />
        </CardContent>
      </Card>
    </div>
  );
}
