import { withRouteMessages } from '@/lib/i18n';
import type * as ContentModule from './admin-login-dialog-content';

let contentModule: Promise<typeof ContentModule> | null = null;

/**
 * The dialog's content module (Radix Dialog, the form and its schema), downloaded once, with its
 * messages (the `login` namespace, lib/i18n/route-messages.ts) in the page's language.
 */
export function loadAdminLoginDialogContent(): Promise<typeof ContentModule> {
  // A failed download is forgotten so that a later call retries.
  contentModule ??= withRouteMessages(['login'], import('./admin-login-dialog-content')).catch((error: unknown) => {
    contentModule = null;
    throw error;
  });
  return contentModule;
}
