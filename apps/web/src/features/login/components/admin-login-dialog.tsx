import { lazy, Suspense, useState } from 'react';
import type { AdminLoginDialogProps } from './admin-login-dialog-props';
import { loadAdminLoginDialogContent as loadContent } from './load-admin-login-dialog-content';

export type { AdminLoginDialogProps } from './admin-login-dialog-props';

/**
 * Starts downloading the dialog (Radix Dialog, the login form and its schema) ahead of the
 * first open, e.g. when the pointer or focus reaches Admin Access. Cheap to call repeatedly;
 * a failure here is ignored because opening the dialog loads it again.
 */
export function preloadAdminLoginDialog(): void {
  loadContent().catch(() => undefined);
}

const LazyAdminLoginDialogContent = lazy(async () => ({ default: (await loadContent()).AdminLoginDialogContent }));

/** SPEC §2: the admin login dialog. Nothing is loaded or rendered until it is first opened. */
export function AdminLoginDialog(props: AdminLoginDialogProps) {
  // Once opened it stays mounted, so the typed fields and the close animation behave as before.
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LazyAdminLoginDialogContent {...props} />
    </Suspense>
  );
}
