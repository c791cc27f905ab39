import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { toast } from '@/hooks/use-toast';
import { errorReason } from '@/lib/api-client';
import { useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';
import { useDeleteCatalogueItem } from '../api/delete-catalogue-item';

interface DeleteItemDialogProps {
  /** The item to delete; null closes the dialog. */
  item: { id: string; name: string } | null;
  endpoint: string;
  onClose: () => void;
}

/** Beyond the spec: deleting is irreversible, so it always asks first and names the item. */
export function DeleteItemDialog({ item, endpoint, onClose }: DeleteItemDialogProps) {
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
  const deletion = useDeleteCatalogueItem();

  const confirm = () => {
    if (item === null || deletion.isPending) return;
    deletion.mutate(
      { endpoint, id: item.id },
      {
        onSuccess: () => {
          toast({
            title: t('adminCatalogue.deleted'),
            description: t('adminCatalogue.itemDeleted', { name: item.name }),
          });
          onClose();
        },
        onError: (error) => {
          toast({
            variant: 'destructive',
            title: t('adminCatalogue.error'),
            description: t('adminCatalogue.deleteItemFailed', { name: item.name, reason: refusal(errorReason(error)) }),
          });
        },
      },
    );
  };

  return (
    <ConfirmDeleteDialog
      open={item !== null}
      title={t('adminCatalogue.deleteItemTitle')}
      description={item ? t('adminCatalogue.deleteItemConfirm', { name: item.name }) : ''}
      pending={deletion.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
