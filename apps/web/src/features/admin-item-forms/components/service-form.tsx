import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ArrowLeft, Plus, X } from 'lucide-react';
import { serviceInputSchema, type Service } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { useService } from '../api/get-item';
import { useSaveService } from '../api/save-service';
import { useUploadImages } from '@/lib/upload-images';
import { errorReason } from '@/lib/api-client';
import { idFromPathname } from '../lib/item-kinds';
import { isStaleEdit, staleEditMessage } from '../lib/stale-edit';
import {
  completeSpecifications,
  newSpecificationRow,
  printedRow,
  specificationsOf,
  type SpecificationRow,
} from '../lib/specification-rows';
import { useImageSelection } from '../lib/use-image-selection';
import { DeleteItemButton } from './delete-item-button';
import { CodeField, NameDescriptionFields } from './form-fields';
import { ImageField } from './image-field';
import { StaleEditNotice } from './stale-edit-notice';

export const PENDING_SPECIFICATION_MESSAGE =
  'Fill in both the name and the value of the new specification, or clear it, before saving.';

/** SPEC §2 service form: create without an id, edit when the URL ends in one. */
export function ServiceForm() {
  const { pathname } = useLocation();
  const id = idFromPathname(pathname);
  const query = useService(id);
  const error = id !== undefined && query.isError ? query.error : null;
  // Bumped by Reload after a refused save: remounts the fields with the refetched service.
  const [generation, setGeneration] = useState(0);
  const reload = async () => {
    await query.refetch();
    setGeneration((current) => current + 1);
  };

  useEffect(() => {
    if (error) {
      toast({ variant: 'destructive', title: 'Error', description: `Failed to load service: ${errorReason(error)}` });
    }
  }, [error]);

  const initial: Service | null | undefined = id === undefined ? null : query.data;

  return (
    <section className="mx-auto w-full max-w-3xl space-y-6">
      <div className="space-y-3">
        <Link
          to={paths.admin.products}
          className="inline-flex items-center gap-1 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Products
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">{id === undefined ? 'Add New Service' : 'Edit Service'}</h1>
      </div>
      {error ? (
        <p role="alert" className="rounded-md border border-destructive/40 p-4 text-destructive">
          The service could not be loaded.
        </p>
      ) : initial === undefined ? (
        <p className="flex items-center gap-2 text-muted-foreground" role="status">
          <Spinner className="size-5" aria-hidden="true" />
          Loading...
        </p>
      ) : (
        <ServiceFormFields key={`${id ?? 'new'}:${generation}`} id={id} initial={initial} onReload={reload} />
      )}
    </section>
  );
}

interface ServiceFormFieldsProps {
  id: string | undefined;
  initial: Service | null;
  onReload: () => Promise<void>;
}

function ServiceFormFields({ id, initial, onReload }: ServiceFormFieldsProps) {
  const navigate = useNavigate();
  const upload = useUploadImages();
  const save = useSaveService();
  const fieldId = useId();
  const [name, setName] = useState(initial?.name ?? '');
  const [code, setCode] = useState(initial?.code ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [featured, setFeatured] = useState(initial?.featured ?? false);
  const [rows, setRows] = useState<SpecificationRow[]>(() =>
    specificationsOf(initial?.specificationList, initial?.specification).map((spec) => newSpecificationRow(spec)),
  );
  const [newKey, setNewKey] = useState('');
  const [newValue, setNewValue] = useState('');
  const images = useImageSelection(initial?.images ?? []);
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  // The version this form started from, fixed at mount: a background refetch must not make a
  // stale copy look current.
  const [loadedVersion] = useState(initial?.updatedAt);
  const [staleMessage, setStaleMessage] = useState<string | null>(null);
  const isEdit = id !== undefined;

  const canAddRow = newKey.trim() !== '' && newValue.trim() !== '';
  // SPEC §5: a specification is added only when both name and value are filled.
  const addRow = () => {
    if (!canAddRow) return;
    setRows((current) => [...current, newSpecificationRow({ key: newKey.trim(), value: newValue.trim() })]);
    setNewKey('');
    setNewValue('');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (savingRef.current) return;
    // A specification typed into the new row but not added with "+ Add" is still meant to be
    // saved (issue 16: it used to vanish behind a success toast); a half-filled one stops the save.
    const pendingKey = newKey.trim();
    const pendingValue = newValue.trim();
    if ((pendingKey === '') !== (pendingValue === '')) {
      toast({ variant: 'destructive', title: 'Error', description: PENDING_SPECIFICATION_MESSAGE });
      return;
    }
    const pending = pendingKey === '' ? [] : [{ key: pendingKey, value: pendingValue }];
    const fields = {
      name: name.trim(),
      // Empty clears the code on an edit (decision 011); on a create it means none.
      code: code.trim(),
      description: description.trim(),
      // A typed row (number and unit, issue 19) goes back as it came, so an edit never drops them.
      specification: [...completeSpecifications(rows), ...pending],
      featured,
    };
    // The shared payload schema the route uses; checked before any upload so a bad form stores nothing.
    const checked = serviceInputSchema.safeParse({ ...fields, images: images.existing });
    if (!checked.success) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: checked.error.issues[0]?.message ?? 'Please check the form.',
      });
      return;
    }
    savingRef.current = true;
    setSaving(true);
    try {
      let uploaded: string[] = [];
      if (images.added.length > 0) {
        try {
          uploaded = (await upload.mutateAsync(images.added.map((image) => image.file))).imageUrls;
        } catch (error) {
          // SPEC §8: an upload failure aborts the save.
          toast({ variant: 'destructive', title: 'Error', description: `Image upload failed: ${errorReason(error)}` });
          return;
        }
      }
      const body = {
        ...fields,
        images: [...images.existing, ...uploaded],
        // Edit: the server refuses the save (409) if the service changed since it was loaded.
        ...(isEdit && loadedVersion !== undefined ? { expectedUpdatedAt: loadedVersion } : {}),
      };
      let saved: Service;
      try {
        saved = await save.mutateAsync(isEdit ? { id, body } : { body });
      } catch (error) {
        if (isStaleEdit(error)) setStaleMessage(staleEditMessage(error));
        toast({
          variant: 'destructive',
          title: 'Error',
          description: `Failed to ${isEdit ? 'update' : 'add'} service: ${errorReason(error)}`,
        });
        return;
      }
      toast({ title: 'Success', description: `Service ${isEdit ? 'updated' : 'added'} successfully!` });
      void navigate(paths.admin.productsTab('services', saved.id));
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

  const ids = {
    key: `${fieldId}-spec-name`,
    value: `${fieldId}-spec-value`,
    featured: `${fieldId}-featured`,
  };

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-6 rounded-lg border bg-background p-4 shadow-sm sm:p-6"
    >
      {staleMessage !== null ? <StaleEditNotice message={staleMessage} onReload={onReload} /> : null}
      <NameDescriptionFields
        name={name}
        description={description}
        onNameChange={setName}
        onDescriptionChange={setDescription}
      />
      <CodeField value={code} onChange={setCode} example="SVC-REC-01" />

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">Specifications (optional)</legend>
        {rows.length > 0 ? (
          <ul className="divide-y rounded-md border" aria-label="Specifications">
            {rows.map((row) => (
              <li key={row.id} className="flex items-center gap-2 px-3 py-2 text-sm">
                <span className="min-w-0 flex-1 break-words">
                  <span className="font-medium">{row.key}</span>: {printedRow(row)}
                </span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove specification ${row.key}`}
                  onClick={() => setRows((current) => current.filter((other) => other.id !== row.id))}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <div className="space-y-2">
            <Label htmlFor={ids.key}>Specification name</Label>
            <Input id={ids.key} value={newKey} onChange={(e) => setNewKey(e.target.value)} maxLength={100} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={ids.value}>Specification value</Label>
            <Input id={ids.value} value={newValue} onChange={(e) => setNewValue(e.target.value)} maxLength={500} />
          </div>
          <Button variant="outline" onClick={addRow} disabled={!canAddRow}>
            <Plus aria-hidden="true" />
            Add
          </Button>
        </div>
      </fieldset>

      <ImageField
        selection={images}
        disabled={saving}
        onLimitExceeded={() =>
          toast({
            variant: 'destructive',
            title: 'Limit Exceeded',
            description: 'You can upload a maximum of 6 images.',
          })
        }
      />

      <div className="flex items-center gap-2">
        <input
          id={ids.featured}
          type="checkbox"
          checked={featured}
          onChange={(e) => setFeatured(e.target.checked)}
          className="size-4 rounded border-input accent-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        />
        <Label htmlFor={ids.featured}>Featured</Label>
      </div>

      <div className="flex flex-col-reverse gap-3 border-t pt-4 sm:flex-row sm:justify-between">
        {isEdit ? <DeleteItemButton kind="service" id={id} name={initial?.name ?? name} /> : <span />}
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          <Button variant="outline" asChild>
            <Link to={paths.admin.products}>Cancel</Link>
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : isEdit ? 'Update Service' : 'Add Service'}
          </Button>
        </div>
      </div>
    </form>
  );
}
