import { useState } from 'react';
import { FloatingActions } from '@/features/chat';
import { ContactSection } from '@/features/contact';
import { LandingPage } from '@/features/landing';
import { AdminLoginDialog, preloadAdminLoginDialog } from '@/features/login';

/** The landing page composed with the contact section, floating actions and login dialog of their own features. */
export function HomeRoute() {
  const [loginOpen, setLoginOpen] = useState(false);
  return (
    <LandingPage
      contact={<ContactSection />}
      floating={<FloatingActions />}
      loginDialog={<AdminLoginDialog open={loginOpen} onOpenChange={setLoginOpen} />}
      onAdminAccess={() => setLoginOpen(true)}
      onAdminAccessIntent={preloadAdminLoginDialog}
    />
  );
}
