export { AdminLoginDialog, type AdminLoginDialogProps } from './components/admin-login-dialog';
