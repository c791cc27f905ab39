import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import {
  INITIAL_SPECIFICATION_ROWS,
  machineInputSchema,
  MIN_SPECIFICATIONS,
  sparePartInputSchema,
  type Machine,
  type SparePart,
} from '@capstan/shared';
import { toast } from '@/hooks/use-toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useMachine, useSparePart } from '../api/get-item';
import { useSaveItem } from '../api/save-item';
import { ITEM_KINDS, idFromPathname, type ItemKind } from '../lib/item-kinds';
import { isStaleEdit, staleEditMessage } from '../lib/stale-edit';
import {
  completeSpecifications,
  newSpecificationRow,
  specificationsOf,
  type Specification,
  type SpecificationRow,
} from '../lib/specification-rows';
import { useImageSelection } from '../lib/use-image-selection';
import { DeleteItemButton } from './delete-item-button';
import { CategoryField } from './category-field';
import { FitsField } from './fits-field';
import { CodeField, NameDescriptionFields, RupeesField } from './form-fields';
import { TermsField, type TermsValues } from './terms-field';
import { filledFeatures, KeyFeaturesField, newFeatureRow } from './key-features-field';
import { ImageField } from './image-field';
import { SpecificationsField } from './specifications-field';
import { StaleEditNotice } from './stale-edit-notice';

export const LOAD_FAILED_ALERT = 'Failed to load product for editing.';
export const SPECIFICATIONS_ALERT = 'Please provide at least 2 complete specifications (key and value).';
export const IMAGE_LIMIT_ALERT = 'You can only upload up to 6 images total.';

interface InitialValues {
  code: string;
  /** Spare parts: the machines it fits, by id (issue 19). */
  fits: string[];
  name: string;
  description: string;
  brand: string;
  price: string;
  originalPrice: string;
  category: string;
  features: string[];
  /** Its own availability and warranty; '' keeps its kind's default (decision 051). */
  terms: TermsValues;
  featured: boolean;
  specifications: Specification[];
  images: string[];
  /** The stored item's version when the form loaded it; absent on create. */
  updatedAt?: string;
}

const EMPTY: InitialValues = {
  code: '',
  fits: [],
  name: '',
  description: '',
  brand: '',
  price: '',
  originalPrice: '',
  category: 'machine',
  features: [],
  terms: { availability: '', leadTimeMinWeeks: '', leadTimeMaxWeeks: '', warrantyMonths: '' },
  featured: false,
  specifications: [],
  images: [],
};

const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The item's own terms as the form edits them: a default shows as '' ("keep the default"). */
function termsOf(item: Pick<Machine, 'availability' | 'warranty'>): TermsValues {
  const own = item.availability && !item.availability.isDefault ? item.availability : null;
  return {
    availability: own?.status ?? '',
    leadTimeMinWeeks: numberText(own?.leadTimeWeeks?.min),
    leadTimeMaxWeeks: numberText(own?.leadTimeWeeks?.max),
    warrantyMonths: item.warranty && !item.warranty.isDefault ? String(item.warranty.months) : '',
  };
}

function fromMachine(machine: Machine): InitialValues {
  return {
    code: machine.code ?? '',
    fits: [],
    name: machine.name,
    description: machine.description,
    brand: machine.brand ?? '',
    price: numberText(machine.price),
    originalPrice: numberText(machine.originalPrice),
    category: machine.category || 'machine',
    features: machine.features,
    terms: termsOf(machine),
    featured: machine.featured,
    specifications: specificationsOf(machine.specificationList, machine.specifications),
    images: machine.images,
    updatedAt: machine.updatedAt,
  };
}

function fromSparePart(part: SparePart): InitialValues {
  return {
    ...EMPTY,
    code: part.code ?? '',
    fits: part.fits ?? [],
    name: part.name,
    description: part.description,
    price: numberText(part.price),
    terms: termsOf(part),
    featured: part.featured,
    // SPEC §7: spare parts answer `specs`; the ordered list wins when present.
    specifications: specificationsOf(part.specificationList, part.specs),
    images: part.images,
    updatedAt: part.updatedAt,
  };
}

/** SPEC §2 machine and spare-part forms: create without an id, edit when the URL ends in one. */
export function ItemForm({ kind }: { kind: ItemKind }) {
  const { pathname } = useLocation();
  const id = idFromPathname(pathname);
  const machine = useMachine(kind === 'machine' ? id : undefined);
  const part = useSparePart(kind === 'sparePart' ? id : undefined);
  const query = kind === 'machine' ? machine : part;
  const config = ITEM_KINDS[kind];
  // Bumped by Reload after a refused save: remounts the fields with the refetched item.
  const [generation, setGeneration] = useState(0);
  const reload = async () => {
    await query.refetch();
    setGeneration((current) => current + 1);
  };

  const failed = id !== undefined && query.isError;
  useEffect(() => {
    // SPEC §8's alert text, shown without blocking the page (decision 012).
    if (failed) toast({ variant: 'destructive', title: 'Error', description: LOAD_FAILED_ALERT });
  }, [failed]);

  let initial: InitialValues | null = id === undefined ? EMPTY : null;
  if (kind === 'machine' && machine.data) initial = fromMachine(machine.data);
  if (kind === 'sparePart' && part.data) initial = fromSparePart(part.data);

  return (
    <section className="mx-auto w-full max-w-3xl space-y-6">
      <div className="space-y-3">
        <Link
          to={config.listPath}
          className="inline-flex items-center gap-1 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Products
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">
          {id === undefined ? `Add New ${config.title}` : `Edit ${config.title}`}
        </h1>
      </div>
      {failed ? (
        <p role="alert" className="rounded-md border border-destructive/40 p-4 text-destructive">
          {LOAD_FAILED_ALERT}
        </p>
      ) : initial === null ? (
        <p className="flex items-center gap-2 text-muted-foreground" role="status">
          <Spinner className="size-5" aria-hidden="true" />
          Loading...
        </p>
      ) : (
        <ItemFormFields key={`${id ?? 'new'}:${generation}`} kind={kind} id={id} initial={initial} onReload={reload} />
      )}
    </section>
  );
}

function initialRows(specifications: Specification[]): SpecificationRow[] {
  const rows = specifications.map((spec) => newSpecificationRow(spec));
  while (rows.length < INITIAL_SPECIFICATION_ROWS) rows.push(newSpecificationRow());
  return rows;
}

interface ItemFormFieldsProps {
  kind: ItemKind;
  id: string | undefined;
  initial: InitialValues;
  onReload: () => Promise<void>;
}

function ItemFormFields({ kind, id, initial, onReload }: ItemFormFieldsProps) {
  const config = ITEM_KINDS[kind];
  const navigate = useNavigate();
  const save = useSaveItem();
  const fieldId = useId();
  const [name, setName] = useState(initial.name);
  const [code, setCode] = useState(initial.code);
  const [fits, setFits] = useState(initial.fits);
  const [description, setDescription] = useState(initial.description);
  const [brand, setBrand] = useState(initial.brand);
  const [price, setPrice] = useState(initial.price);
  const [originalPrice, setOriginalPrice] = useState(initial.originalPrice);
  const [category, setCategory] = useState(initial.category);
  const [terms, setTerms] = useState(initial.terms);
  const [features, setFeatures] = useState(() => initial.features.map((text) => newFeatureRow(text)));
  const [featured, setFeatured] = useState(initial.featured);
  const [rows, setRows] = useState(() => initialRows(initial.specifications));
  const images = useImageSelection(initial.images);
  const [saving, setSaving] = useState(false);
  // The version this form started from, fixed at mount: a background refetch must not make a
  // stale copy look current.
  const [loadedVersion] = useState(initial.updatedAt);
  const [staleMessage, setStaleMessage] = useState<string | null>(null);
  // State updates land after the next render; the ref stops a second click in the same tick.
  const savingRef = useRef(false);

  const isEdit = id !== undefined;
  const verb = isEdit ? 'update' : 'add';

  const fail = (description: string) => toast({ variant: 'destructive', title: 'Error', description });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (savingRef.current) return;
    const specifications = completeSpecifications(rows);
    // SPEC §5: at least 2 complete specifications, else the message and no call.
    if (specifications.length < MIN_SPECIFICATIONS) {
      fail(SPECIFICATIONS_ALERT);
      return;
    }

    // Every field the form shows is sent, empty ones too: on an update an absent field would be
    // kept and an empty one clears it (decision 011), so clearing the brand really clears it.
    const payload: Record<string, unknown> = {
      name: name.trim(),
      description: description.trim(),
      // Empty clears the code on an edit (decision 011); on a create it means none.
      code: code.trim(),
      specifications,
      featured,
      price: price.trim(),
      // Empty keeps (create) or puts back (edit) the kind's default.
      availability: terms.availability,
      leadTimeMinWeeks: terms.availability === 'made_to_order' ? terms.leadTimeMinWeeks.trim() : '',
      leadTimeMaxWeeks: terms.availability === 'made_to_order' ? terms.leadTimeMaxWeeks.trim() : '',
      warrantyMonths: terms.warrantyMonths.trim(),
      ...(kind === 'sparePart' ? { fits } : {}),
      ...(kind === 'machine'
        ? {
            category: category.trim(),
            brand: brand.trim(),
            originalPrice: originalPrice.trim(),
            features: filledFeatures(features),
          }
        : {}),
      // Edit: the kept current images, in order; the server deletes the rest.
      ...(isEdit ? { keepImages: images.existing } : {}),
      // Edit: the server refuses the save (409) if the item changed since it was loaded.
      ...(isEdit && loadedVersion !== undefined ? { expectedUpdatedAt: loadedVersion } : {}),
    };
    // One schema per payload: the same shared zod schema the server route validates with.
    const checked = (kind === 'machine' ? machineInputSchema : sparePartInputSchema).safeParse(payload);
    if (!checked.success) {
      fail(checked.error.issues[0]?.message ?? 'Please check the form.');
      return;
    }

    const body = new FormData();
    for (const [key, value] of Object.entries(payload)) {
      body.append(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
    for (const image of images.added) body.append('images', image.file);

    savingRef.current = true;
    setSaving(true);
    try {
      const saved = await save.mutateAsync(isEdit ? { kind, id, body } : { kind, body });
      toast({ title: 'Success', description: `${config.alertTitle} ${isEdit ? 'updated' : 'added'} successfully!` });
      void navigate(config.savedPath(saved.id));
    } catch (error) {
      if (isStaleEdit(error)) setStaleMessage(staleEditMessage(error));
      // SPEC §8: a server reply shows its message; anything else is a network failure.
      fail(
        error instanceof ApiError
          ? `Error ${isEdit ? 'updating' : 'adding'} ${config.noun}: ${error.serverMessage ?? error.message}`
          : `Failed to ${verb} ${config.noun}.`,
      );
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

  const ids = {
    brand: `${fieldId}-brand`,
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
      <CodeField value={code} onChange={setCode} example={kind === 'machine' ? 'NP-38' : 'NP38-COL-25'} />
      {kind === 'machine' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor={ids.brand}>Brand (optional)</Label>
            <Input id={ids.brand} value={brand} onChange={(e) => setBrand(e.target.value)} maxLength={100} />
          </div>
          <CategoryField value={category} onChange={setCategory} />
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <RupeesField label="Price in ₹ (optional)" value={price} onChange={setPrice} />
        {kind === 'machine' ? (
          <RupeesField label="Original price in ₹ (optional)" value={originalPrice} onChange={setOriginalPrice} />
        ) : null}
      </div>

      {/* A machine's rating is not typed here: it is the average of its approved reviews (decision 051). */}
      <TermsField kind={kind === 'machine' ? 'machine' : 'spare'} value={terms} onChange={setTerms} />

      {kind === 'machine' ? <KeyFeaturesField rows={features} onChange={setFeatures} /> : null}

      <SpecificationsField rows={rows} onChange={setRows} />

      {kind === 'sparePart' ? <FitsField value={fits} onChange={setFits} /> : null}

      <ImageField selection={images} onLimitExceeded={() => fail(IMAGE_LIMIT_ALERT)} disabled={saving} />

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
        {isEdit ? <DeleteItemButton kind={kind} id={id} name={initial.name} /> : <span />}
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          <Button variant="outline" asChild>
            <Link to={config.listPath}>Cancel</Link>
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : `${isEdit ? 'Update' : 'Add'} ${config.title}`}
          </Button>
        </div>
      </div>
    </form>
  );
}
