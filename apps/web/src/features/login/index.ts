export { AdminLoginDialog, preloadAdminLoginDialog, type AdminLoginDialogProps } from './components/admin-login-dialog';
