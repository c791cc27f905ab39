import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/lib/i18n';

interface ConfirmDeleteDialogProps {
  open: boolean;
  title: string;
  description: string;
  /** The deletion is under way: nothing can be pressed and the dialog stays, so its outcome is not hidden. */
  pending: boolean;
  /** Left out when there is nothing that may be deleted: the dialog only explains why, with an OK. */
  onConfirm?: () => void;
  onClose: () => void;
}

/** Deleting cannot be undone, so it is asked for first, in words that name what goes. */
export function ConfirmDeleteDialog({
  open,
  title,
  description,
  pending,
  onConfirm,
  onClose,
}: ConfirmDeleteDialogProps) {
  const { t } = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {onConfirm ? t('ui.cancel') : t('ui.ok')}
          </Button>
          {onConfirm ? (
            <Button variant="destructive" onClick={onConfirm} disabled={pending}>
              {pending ? <Spinner tone="current" /> : null}
              {pending ? t('ui.deleting') : t('ui.delete')}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
