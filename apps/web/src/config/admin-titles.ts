/**
 * Message keys of the names of back-office screens that appear in more than one place (the sidebar's link and the
 * screen's own heading), so the two cannot drift apart. The leads screen is "Inquiries": what it
 * lists are quote requests, not customers (decision 050).
 */
export const ADMIN_TITLES = {
  inquiries: 'admin.inquiries',
  quotations: 'admin.quotations',
  backups: 'admin.backups',
  serviceRequests: 'adminService.title',
  installations: 'adminInstallations.title',
} as const;
