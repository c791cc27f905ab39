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
import {
  useCreateMachineCategory,
  useDeleteMachineCategory,
  useMachineCategories,
  useRenameMachineCategory,
} from '@/lib/machine-categories';

const count = new Intl.NumberFormat('en-IN');
const machinesText = (n: number) => `${count.format(n)} ${n === 1 ? 'machine' : 'machines'}`;

const reasonOf = (error: unknown) => errorReason(error, 'Network error.');

/** The schema's first message for a name, or null when it may be sent (the route checks it again). */
function nameProblem(name: string): string | null {
  const checked = machineCategoryInputSchema.safeParse({ name });
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'Check the name.');
}

/**
 * The machine categories staff keep (decision 031). The machine form adds one on the spot; here they
 * are renamed (the slug, and so every shared catalogue link, stays) and deleted once no machine
 * uses them, which the server enforces too.
 */
export function MachineCategoriesScreen() {
  const categories = useMachineCategories();
  const [deleting, setDeleting] = useState<MachineCategory | null>(null);
  const list = categories.data ?? [];

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Machine categories</h1>
        <p className="text-muted-foreground">
          The catalogue's &quot;Machine type&quot; filter lists these. Renaming keeps every link to a category; a
          category can be deleted once no machine is in it.
        </p>
      </div>

      <AddCategoryForm />

      <Card className="p-0">
        {categories.isPending ? (
          <p className="flex items-center gap-2 p-6 text-muted-foreground" role="status">
            <Spinner /> Loading categories...
          </p>
        ) : categories.isError ? (
          <p className="p-6 text-destructive" role="alert">
            Failed to load the categories: {reasonOf(categories.error)}
          </p>
        ) : list.length === 0 ? (
          <p className="p-6 text-muted-foreground">No categories yet. Machines show as Uncategorised.</p>
        ) : (
          <ul aria-label="Machine categories" className="divide-y">
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
  const id = useId();
  const [name, setName] = useState(initialName);
  const [problem, setProblem] = useState<string | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = nameProblem(name);
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
              Cancel
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
  const create = useCreateMachineCategory();
  return (
    <CategoryNameForm
      label="New category"
      placeholder="e.g. Bar feeder"
      pending={create.isPending}
      submit={{ label: 'Add category', pendingLabel: 'Adding...', icon: <Plus aria-hidden="true" /> }}
      onSave={async (name) => {
        try {
          const created = await create.mutateAsync({ name });
          toast({ title: 'Success', description: `Category ${created.name} added.` });
          return null;
        } catch (error) {
          return `Failed to add category: ${reasonOf(error)}`;
        }
      }}
    />
  );
}

function CategoryRow({ category, onDelete }: { category: MachineCategory; onDelete: () => void }) {
  const rename = useRenameMachineCategory();
  const [editing, setEditing] = useState(false);

  if (editing) {
    return (
      <li className="p-4">
        <CategoryNameForm
          label={`New name for ${category.name}`}
          hideLabel
          initialName={category.name}
          pending={rename.isPending}
          submit={{ label: 'Save', pendingLabel: 'Saving...', icon: <Check aria-hidden="true" /> }}
          onCancel={() => setEditing(false)}
          onSave={async (name) => {
            if (name.trim() === category.name) {
              setEditing(false);
              return null;
            }
            try {
              const renamed = await rename.mutateAsync({ slug: category.slug, name });
              setEditing(false);
              toast({ title: 'Success', description: `${category.name} is now ${renamed.name}.` });
              return null;
            } catch (error) {
              return `Failed to rename: ${reasonOf(error)}`;
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
            'No machines'
          ) : (
            <Link
              to={paths.catalogue({ category: category.slug })}
              target="_blank"
              className="inline-flex items-center gap-1 underline-offset-4 hover:underline"
            >
              {machinesText(category.machineCount)}
              <ExternalLink aria-hidden="true" className="size-3" />
              <span className="sr-only"> (opens the catalogue in a new tab)</span>
            </Link>
          )}
        </p>
      </div>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={() => setEditing(true)} aria-label={`Rename ${category.name}`}>
          <Pencil aria-hidden="true" />
          Rename
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={onDelete}
          aria-label={`Delete ${category.name}`}
          className="text-destructive"
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </li>
  );
}

/** Asks first; a category still in use is explained rather than offered for deletion. */
function DeleteCategoryDialog({ category, onClose }: { category: MachineCategory | null; onClose: () => void }) {
  const deletion = useDeleteMachineCategory();
  const inUse = category !== null && category.machineCount > 0;

  const confirm = () => {
    if (category === null || deletion.isPending) return;
    deletion.mutate(category.slug, {
      onSuccess: () => {
        toast({ title: 'Deleted', description: `Category ${category.name} was deleted.` });
        onClose();
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: `Failed to delete ${category.name}: ${reasonOf(error)}`,
        });
      },
    });
  };

  return (
    <ConfirmDeleteDialog
      open={category !== null}
      title="Delete category"
      description={
        category === null
          ? ''
          : inUse
            ? `${category.name} still has ${machinesText(category.machineCount)}. Move them to another category in their forms first.`
            : `Delete ${category.name}? It disappears from the catalogue's filter.`
      }
      pending={deletion.isPending}
      onConfirm={inUse ? undefined : confirm}
      onClose={onClose}
    />
  );
}
