export { AdminDashboard } from './components/admin-dashboard';
export { useAdminStats, ADMIN_STATS_URL } from './api/get-admin-stats';
