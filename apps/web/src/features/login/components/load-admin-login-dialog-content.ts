import type * as ContentModule from './admin-login-dialog-content';

let contentModule: Promise<typeof ContentModule> | null = null;

/** The dialog's content module (Radix Dialog, the form and its schema), downloaded once. */
export function loadAdminLoginDialogContent(): Promise<typeof ContentModule> {
  // A failed download is forgotten so that a later call retries.
  contentModule ??= import('./admin-login-dialog-content').catch((error: unknown) => {
    contentModule = null;
    throw error;
  });
  return contentModule;
}
