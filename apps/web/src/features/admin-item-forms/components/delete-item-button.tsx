import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Trash2 } from 'lucide-react';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { errorReason } from '@/lib/api-client';
import { useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';
import { useDeleteItem } from '../api/delete-item';
import { DELETE_TARGETS, type AnyItemKind } from '../lib/item-kinds';

/** Beyond the spec: delete from the edit form after a confirmation that names the item. */
export function DeleteItemButton({ kind, id, name }: { kind: AnyItemKind; id: string; name: string }) {
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const deletion = useDeleteItem();

  const confirm = () => {
    if (deletion.isPending) return;
    deletion.mutate(
      { kind, id },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ title: t('adminItemForms.deletedTitle'), description: t('adminItemForms.deleted', { name }) });
          void navigate(DELETE_TARGETS[kind].listPath);
        },
        onError: (error) => {
          toast({
            variant: 'destructive',
            title: t('adminItemForms.errorTitle'),
            description: t('adminItemForms.deleteFailed', { name, reason: refusal(errorReason(error)) }),
          });
        },
      },
    );
  };

  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        {t('ui.delete')}
      </Button>
      <ConfirmDeleteDialog
        open={open}
        title={t('adminItemForms.deleteTitle', { name })}
        description={t('adminItemForms.deleteDescription')}
        pending={deletion.isPending}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
