import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Check, ExternalLink, Pencil, Plus, Trash2, X } from 'lucide-react';
import { machineCategoryInputSchema, type MachineCategory } from '@capstan/shared';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { errorReason } from '@/lib/api-client';
import { type AdminTranslator, useAdminT } from '@/lib/i18n/admin';
import {
  useCreateMachineCategory,
  useDeleteMachineCategory,
  useMachineCategories,
  useRenameMachineCategory,
} from '@/lib/machine-categories';

type T = AdminTranslator['t'];

/** The server's reason, or the reader's words for a request that got no answer. */
const reasonOf = (error: unknown, t: T) => errorReason(error, t('adminCatalogue.networkError'));

/** The schema's first message for a name, or null when it may be sent (the route checks it again). */
function nameProblem(name: string, t: T): string | null {
  const checked = machineCategoryInputSchema.safeParse({ name });
  return checked.success ? null : (checked.error.issues[0]?.message ?? t('adminCatalogue.checkName'));
}

/**
 * The machine categories staff keep (decision 031). The machine form adds one on the spot; here they
 * are renamed (the slug, and so every shared catalogue link, stays) and deleted once no machine
 * uses them, which the server enforces too.
 */
export function MachineCategoriesScreen() {
  const { t } = useAdminT();
  const categories = useMachineCategories();
  const [deleting, setDeleting] = useState<MachineCategory | null>(null);
  const list = categories.data ?? [];

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t('adminCatalogue.categoriesTitle')}</h1>
        <p className="text-muted-foreground">{t('adminCatalogue.categoriesIntro')}</p>
      </div>

      <AddCategoryForm />

      <Card className="p-0">
        {categories.isPending ? (
          <p className="flex items-center gap-2 p-6 text-muted-foreground" role="status">
            <Spinner /> {t('adminCatalogue.loadingCategories')}
          </p>
        ) : categories.isError ? (
          <p className="p-6 text-destructive" role="alert">
            {t('adminCatalogue.categoriesLoadFailed', { reason: reasonOf(categories.error, t) })}
          </p>
        ) : list.length === 0 ? (
          <p className="p-6 text-muted-foreground">{t('adminCatalogue.noCategories')}</p>
        ) : (
          <ul aria-label={t('adminCatalogue.categoriesTitle')} className="divide-y">
            {list.map((category) => (
              <CategoryRow key={category.slug} category={category} onDelete={() => setDeleting(category)} />
            ))}
          </ul>
        )}
      </Card>

      <DeleteCategoryDialog category={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

type CategoryNameFormProps = {
  label: string;
  /** The label is read out but not shown (a row's rename, where the old name says it). */
  hideLabel?: boolean;
  initialName?: string;
  placeholder?: string;
  pending: boolean;
  submit: { label: string; pendingLabel: string; icon: ReactNode };
  /** Sends the checked name; resolves to the refusal to show, or null when it was saved. */
  onSave: (name: string) => Promise<string | null>;
  onCancel?: () => void;
};

/** A category name with its check and the server's refusal, for adding one and renaming one. */
function CategoryNameForm({
  label,
  hideLabel = false,
  initialName = '',
  placeholder,
  pending,
  submit,
  onSave,
  onCancel,
}: CategoryNameFormProps) {
  const { t } = useAdminT();
  const id = useId();
  const [name, setName] = useState(initialName);
  const [problem, setProblem] = useState<string | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = nameProblem(name, t);
    setProblem(found);
    if (found !== null || pending) return;
    const refusal = await onSave(name);
    setProblem(refusal);
    if (refusal === null && onCancel === undefined) setName('');
  };

  return (
    <form onSubmit={(event) => void save(event)} noValidate className="flex flex-col gap-2">
      <Label htmlFor={`${id}-name`} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-name`}
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={60}
          placeholder={placeholder}
          autoFocus={onCancel !== undefined}
          aria-invalid={problem !== null}
          aria-describedby={problem === null ? undefined : `${id}-problem`}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onCancel?.();
          }}
          className="sm:max-w-sm"
        />
        <div className="flex gap-2">
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner className="text-current" /> : submit.icon}
            {pending ? submit.pendingLabel : submit.label}
          </Button>
          {onCancel === undefined ? null : (
            <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
              <X aria-hidden="true" />
              {t('ui.cancel')}
            </Button>
          )}
        </div>
      </div>
      {problem === null ? null : (
        <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </form>
  );
}

function AddCategoryForm() {
  const { t } = useAdminT();
  const create = useCreateMachineCategory();
  return (
    <CategoryNameForm
      label={t('adminCatalogue.newCategory')}
      placeholder={t('adminCatalogue.categoryPlaceholder')}
      pending={create.isPending}
      submit={{
        label: t('adminCatalogue.addCategory'),
        pendingLabel: t('adminCatalogue.adding'),
        icon: <Plus aria-hidden="true" />,
      }}
      onSave={async (name) => {
        try {
          const created = await create.mutateAsync({ name });
          toast({
            title: t('adminCatalogue.success'),
            description: t('adminCatalogue.categoryAdded', { name: created.name }),
          });
          return null;
        } catch (error) {
          return t('adminCatalogue.addCategoryFailed', { reason: reasonOf(error, t) });
        }
      }}
    />
  );
}

function CategoryRow({ category, onDelete }: { category: MachineCategory; onDelete: () => void }) {
  const { t } = useAdminT();
  const rename = useRenameMachineCategory();
  const [editing, setEditing] = useState(false);

  if (editing) {
    return (
      <li className="p-4">
        <CategoryNameForm
          label={t('adminCatalogue.newNameFor', { name: category.name })}
          hideLabel
          initialName={category.name}
          pending={rename.isPending}
          submit={{
            label: t('adminCatalogue.save'),
            pendingLabel: t('adminCatalogue.saving'),
            icon: <Check aria-hidden="true" />,
          }}
          onCancel={() => setEditing(false)}
          onSave={async (name) => {
            if (name.trim() === category.name) {
              setEditing(false);
              return null;
            }
            try {
              const renamed = await rename.mutateAsync({ slug: category.slug, name });
              setEditing(false);
              toast({
                title: t('adminCatalogue.success'),
                description: t('adminCatalogue.categoryRenamed', { oldName: category.name, name: renamed.name }),
              });
              return null;
            } catch (error) {
              return t('adminCatalogue.renameFailed', { reason: reasonOf(error, t) });
            }
          }}
        />
      </li>
    );
  }

  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{category.name}</p>
        <p className="text-sm text-muted-foreground">
          {category.machineCount === 0 ? (
            t('adminCatalogue.noMachines')
          ) : (
            <Link
              to={paths.catalogue({ category: category.slug })}
              target="_blank"
              className="inline-flex items-center gap-1 underline-offset-4 hover:underline"
            >
              {t('adminCatalogue.machineCount', { count: category.machineCount })}
              <ExternalLink aria-hidden="true" className="size-3" />
              <span className="sr-only">{t('adminCatalogue.opensCatalogue')}</span>
            </Link>
          )}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => setEditing(true)}
          aria-label={t('adminCatalogue.renameNamed', { name: category.name })}
        >
          <Pencil aria-hidden="true" />
          {t('adminCatalogue.rename')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={onDelete}
          aria-label={t('adminCatalogue.deleteNamed', { name: category.name })}
          className="text-destructive"
        >
          <Trash2 aria-hidden="true" />
          {t('ui.delete')}
        </Button>
      </div>
    </li>
  );
}

/** Asks first; a category still in use is explained rather than offered for deletion. */
function DeleteCategoryDialog({ category, onClose }: { category: MachineCategory | null; onClose: () => void }) {
  const { t } = useAdminT();
  const deletion = useDeleteMachineCategory();
  const inUse = category !== null && category.machineCount > 0;

  const confirm = () => {
    if (category === null || deletion.isPending) return;
    deletion.mutate(category.slug, {
      onSuccess: () => {
        toast({
          title: t('adminCatalogue.deleted'),
          description: t('adminCatalogue.categoryDeleted', { name: category.name }),
        });
        onClose();
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: t('adminCatalogue.error'),
          description: t('adminCatalogue.deleteCategoryFailed', { name: category.name, reason: reasonOf(error, t) }),
        });
      },
    });
  };

  return (
    <ConfirmDeleteDialog
      open={category !== null}
      title={t('adminCatalogue.deleteCategoryTitle')}
      description={
        category === null
          ? ''
          : inUse
            ? t('adminCatalogue.categoryInUse', { name: category.name, count: category.machineCount })
            : t('adminCatalogue.deleteCategoryConfirm', { name: category.name })
      }
      pending={deletion.isPending}
      onConfirm={inUse ? undefined : confirm}
      onClose={onClose}
    />
  );
}
