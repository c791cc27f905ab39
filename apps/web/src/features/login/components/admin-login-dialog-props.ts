// Its own module, so the dialog and its lazily loaded content share it without importing each other.
export interface AdminLoginDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLoginSuccess?: () => void;
}
