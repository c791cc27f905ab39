export { AdminDashboard } from './components/admin-dashboard';
export { useAdminStats, ADMIN_STATS_URL } from './api/get-admin-stats';
export { EmailNotConfiguredBanner } from './components/email-not-configured-banner';
