import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  INITIAL_SPECIFICATION_ROWS,
  machineInputSchema,
  MAX_IMAGES_PER_ITEM,
  MIN_SPECIFICATIONS,
  sparePartInputSchema,
  type ItemTranslations,
  type Machine,
  type SparePart,
} from '@capstan/shared';
import { toast } from '@/hooks/use-toast';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { type AdminTranslator, useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';
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
import {
  draftsOf,
  issuesOfAnswer,
  labelRows,
  translationErrorsOf,
  translationsPayload,
  type EnglishRows,
  type FieldIssue,
  type TranslationDrafts,
  type TranslationErrors,
} from '../lib/translation-drafts';
import { DeleteItemButton } from './delete-item-button';
import { CategoryField } from './category-field';
import { FitsField } from './fits-field';
import { CodeField, NameDescriptionFields, RupeesField } from './form-fields';
import { GstFields, gstDefaultsOfForm } from './gst-fields';
import { TermsField, type TermsValues } from './terms-field';
import { type FeatureRow, filledFeatures, KeyFeaturesField, newFeatureRow } from './key-features-field';
import { ImageField } from './image-field';
import { ItemFormFrame, ItemFormPage, useReloadKey } from './item-form-shell';
import { SpecificationsField } from './specifications-field';
import { TranslationsField } from './translations-field';

interface InitialValues {
  code: string;
  /** Spare parts: the machines it fits, by id. */
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
  /** Its HSN/SAC code and GST rate (decision 075); '' on a new item is its kind's default. */
  hsnCode: string;
  gstRate: string;
  featured: boolean;
  specifications: Specification[];
  images: string[];
  /** Its Tamil and Hindi texts (decision 072); the admin reads items without `?lang`, so they come along. */
  translations: ItemTranslations;
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
  hsnCode: '',
  gstRate: '',
  featured: false,
  specifications: [],
  images: [],
  translations: {},
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
    hsnCode: machine.hsnCode,
    gstRate: String(machine.gstRate),
    featured: machine.featured,
    specifications: specificationsOf(machine.specificationList, machine.specifications),
    images: machine.images,
    translations: machine.translations ?? {},
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
    hsnCode: part.hsnCode,
    gstRate: String(part.gstRate),
    featured: part.featured,
    // SPEC §7: spare parts answer `specs`; the ordered list wins when present.
    specifications: specificationsOf(part.specificationList, part.specs),
    images: part.images,
    translations: part.translations ?? {},
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
  const { generation, reload } = useReloadKey(query.refetch);
  const { t } = useAdminT();

  const failed = id !== undefined && query.isError;
  const loadFailed = t('adminItemForms.loadFailed');
  const errorTitle = t('adminItemForms.errorTitle');
  useEffect(() => {
    // SPEC §8's alert text, shown without blocking the page (decision 012).
    if (failed) toast({ variant: 'destructive', title: errorTitle, description: loadFailed });
  }, [failed, errorTitle, loadFailed]);

  let initial: InitialValues | null = id === undefined ? EMPTY : null;
  if (kind === 'machine' && machine.data) initial = fromMachine(machine.data);
  if (kind === 'sparePart' && part.data) initial = fromSparePart(part.data);

  return (
    <ItemFormPage
      backTo={config.listPath}
      heading={t(id === undefined ? 'adminItemForms.addHeading' : 'adminItemForms.editHeading', { kind })}
      error={failed ? loadFailed : null}
      loading={initial === null}
    >
      {initial ? (
        <ItemFormFields key={`${id ?? 'new'}:${generation}`} kind={kind} id={id} initial={initial} onReload={reload} />
      ) : null}
    </ItemFormPage>
  );
}

function initialRows(specifications: Specification[]): SpecificationRow[] {
  const rows = specifications.map((spec) => newSpecificationRow(spec));
  while (rows.length < INITIAL_SPECIFICATION_ROWS) rows.push(newSpecificationRow());
  return rows;
}

/** What the form edits: texts as typed, rows with ids, so react-hook-form holds every field. */
export interface ItemFormValues {
  name: string;
  description: string;
  code: string;
  brand: string;
  price: string;
  originalPrice: string;
  category: string;
  fits: string[];
  terms: TermsValues;
  hsnCode: string;
  gstRate: string;
  features: FeatureRow[];
  featured: boolean;
  specifications: SpecificationRow[];
  translations: TranslationDrafts;
}

/** The English rows the translations stand beside: key features on machines only. */
const englishRowsOf = (kind: ItemKind, values: Pick<ItemFormValues, 'features' | 'specifications'>): EnglishRows => ({
  features: kind === 'machine' ? values.features : null,
  specifications: labelRows(values.specifications),
});

function formValuesOf(kind: ItemKind, initial: InitialValues): ItemFormValues {
  const features = initial.features.map((text) => newFeatureRow(text));
  const specifications = initialRows(initial.specifications);
  return {
    name: initial.name,
    description: initial.description,
    code: initial.code,
    brand: initial.brand,
    price: initial.price,
    originalPrice: initial.originalPrice,
    category: initial.category,
    fits: initial.fits,
    terms: initial.terms,
    hsnCode: initial.hsnCode,
    // A new item starts at its kind's rate; its code stays empty, shown as the default it gets.
    gstRate: initial.gstRate || String(gstDefaultsOfForm(kind).gstRate),
    features,
    featured: initial.featured,
    specifications,
    translations: draftsOf(initial.translations, englishRowsOf(kind, { features, specifications })),
  };
}

/**
 * The fields a save sends. Every field the form shows is sent, empty ones too: on an update an
 * absent field would be kept and an empty one clears it (decision 011), so clearing the brand
 * really clears it.
 */
export function itemPayload(kind: ItemKind, values: ItemFormValues): Record<string, unknown> {
  const { terms } = values;
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    // Empty clears the code on an edit (decision 011); on a create it means none.
    code: values.code.trim(),
    specifications: completeSpecifications(values.specifications),
    featured: values.featured,
    price: values.price.trim(),
    // Empty keeps (create) or puts back (edit) the kind's default.
    availability: terms.availability,
    leadTimeMinWeeks: terms.availability === 'made_to_order' ? terms.leadTimeMinWeeks.trim() : '',
    leadTimeMaxWeeks: terms.availability === 'made_to_order' ? terms.leadTimeMaxWeeks.trim() : '',
    warrantyMonths: terms.warrantyMonths.trim(),
    // Empty: the kind's default (decision 075).
    hsnCode: values.hsnCode.trim(),
    gstRate: values.gstRate,
    ...(kind === 'sparePart' ? { fits: values.fits } : {}),
    ...(kind === 'machine'
      ? {
          category: values.category.trim(),
          brand: values.brand.trim(),
          originalPrice: values.originalPrice.trim(),
          features: filledFeatures(values.features),
        }
      : {}),
    // Sent as JSON text in the multipart body (MULTIPART_JSON_FIELDS).
    translations: translationsPayload(values.translations, englishRowsOf(kind, values)),
  };
}

/**
 * One schema per payload: the form's values, as sent, are checked with the shared zod schema the
 * server route validates with, SPEC §5's two complete specifications first, with its alert. The
 * check runs in the submit event itself, so a refused form says why before anything else happens.
 */
function itemProblem(
  kind: ItemKind,
  values: ItemFormValues,
  t: AdminTranslator['t'],
): { message: string; issues: readonly FieldIssue[] } | null {
  if (completeSpecifications(values.specifications).length < MIN_SPECIFICATIONS) {
    return { message: t('adminItemForms.specificationsRequired', { min: MIN_SPECIFICATIONS }), issues: [] };
  }
  const checked = (kind === 'machine' ? machineInputSchema : sparePartInputSchema).safeParse(itemPayload(kind, values));
  if (checked.success) return null;
  return { message: checked.error.issues[0]?.message ?? t('adminItemForms.checkForm'), issues: checked.error.issues };
}

interface ItemFormFieldsProps {
  kind: ItemKind;
  id: string | undefined;
  initial: InitialValues;
  onReload: () => Promise<void>;
}

function ItemFormFields({ kind, id, initial, onReload }: ItemFormFieldsProps) {
  const config = ITEM_KINDS[kind];
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
  const navigate = useNavigate();
  const save = useSaveItem();
  const fieldId = useId();
  const form = useForm<ItemFormValues>({ defaultValues: formValuesOf(kind, initial) });
  const [name, description, features, specifications, category] = useWatch({
    control: form.control,
    name: ['name', 'description', 'features', 'specifications', 'category'],
  });
  const [translationErrors, setTranslationErrors] = useState<TranslationErrors>({});
  /** A refusal of a Tamil or Hindi text shows at its input, whichever side found it. */
  const showTranslationErrors = (issues: readonly FieldIssue[], values: ItemFormValues) =>
    setTranslationErrors(translationErrorsOf(issues, values.translations, englishRowsOf(kind, values)));
  const images = useImageSelection(initial.images);
  // The version this form started from, fixed at mount: a background refetch must not make a
  // stale copy look current.
  const [loadedVersion] = useState(initial.updatedAt);
  const [staleMessage, setStaleMessage] = useState<string | null>(null);
  // State updates land after the next render; the ref stops a second click in the same tick.
  const savingRef = useRef(false);
  const saving = form.formState.isSubmitting;

  const isEdit = id !== undefined;

  const fail = (description: string) =>
    toast({ variant: 'destructive', title: t('adminItemForms.errorTitle'), description });

  const onValid = async () => {
    const values = form.getValues();
    const body = new FormData();
    const payload = {
      ...itemPayload(kind, values),
      // Edit: the kept current images, in order; the server deletes the rest.
      ...(isEdit ? { keepImages: images.existing } : {}),
      // Edit: the server refuses the save (409) if the item changed since it was loaded.
      ...(isEdit && loadedVersion !== undefined ? { expectedUpdatedAt: loadedVersion } : {}),
    };
    for (const [key, value] of Object.entries(payload)) {
      body.append(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
    for (const image of images.added) body.append('images', image.file);

    try {
      const saved = await save.mutateAsync(isEdit ? { kind, id, body } : { kind, body });
      toast({
        title: t('adminItemForms.successTitle'),
        description: t(isEdit ? 'adminItemForms.updatedToast' : 'adminItemForms.addedToast', { kind }),
      });
      void navigate(config.savedPath(saved.id));
    } catch (error) {
      const stale = isStaleEdit(error) ? refusal(staleEditMessage(error, t)) : null;
      if (stale !== null) setStaleMessage(stale);
      if (error instanceof ApiError && error.status === 400) showTranslationErrors(issuesOfAnswer(error.body), values);
      // SPEC §8: a server reply shows its message; anything else is a network failure.
      fail(
        error instanceof ApiError
          ? t(isEdit ? 'adminItemForms.updateError' : 'adminItemForms.addError', {
              kind,
              reason: stale ?? refusal(error.serverMessage ?? error.message),
            })
          : t(isEdit ? 'adminItemForms.updateFailed' : 'adminItemForms.addFailed', { kind }),
      );
    }
  };

  const submit = form.handleSubmit(onValid);

  const brandId = `${fieldId}-brand`;

  return (
    <ItemFormFrame
      onSubmit={(event) => {
        event.preventDefault();
        if (savingRef.current) return;
        const values = form.getValues();
        const problem = itemProblem(kind, values, t);
        showTranslationErrors(problem?.issues ?? [], values);
        if (problem !== null) return fail(refusal(problem.message));
        savingRef.current = true;
        void submit(event).finally(() => {
          savingRef.current = false;
        });
      }}
      staleMessage={staleMessage}
      onReload={onReload}
      featured={form.register('featured')}
      deleteButton={isEdit ? <DeleteItemButton kind={kind} id={id} name={initial.name} /> : null}
      cancelTo={config.listPath}
      saving={saving}
      submitLabel={t(isEdit ? 'adminItemForms.updateSubmit' : 'adminItemForms.addSubmit', { kind })}
    >
      <NameDescriptionFields name={form.register('name')} description={form.register('description')} />
      <CodeField field={form.register('code')} example={kind === 'machine' ? 'NP-38' : 'NP38-COL-25'} />
      {kind === 'machine' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor={brandId}>{t('adminItemForms.brand')}</Label>
            <Input id={brandId} {...form.register('brand')} maxLength={100} />
          </div>
          <Controller
            control={form.control}
            name="category"
            render={({ field }) => <CategoryField value={field.value} onChange={field.onChange} />}
          />
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <RupeesField label={t('adminItemForms.price')} field={form.register('price')} />
        {kind === 'machine' ? (
          <RupeesField label={t('adminItemForms.originalPrice')} field={form.register('originalPrice')} />
        ) : null}
      </div>

      <GstFields
        kind={kind}
        category={kind === 'machine' ? category : undefined}
        storedRate={initial.gstRate}
        hsnCode={form.register('hsnCode')}
        gstRate={form.register('gstRate')}
      />

      {/* A machine's rating is not typed here: it is the average of its approved reviews (decision 051). */}
      <Controller
        control={form.control}
        name="terms"
        render={({ field }) => (
          <TermsField kind={kind === 'machine' ? 'machine' : 'spare'} value={field.value} onChange={field.onChange} />
        )}
      />

      {kind === 'machine' ? (
        <Controller
          control={form.control}
          name="features"
          render={({ field }) => <KeyFeaturesField rows={field.value} onChange={field.onChange} />}
        />
      ) : null}

      <Controller
        control={form.control}
        name="specifications"
        render={({ field }) => (
          <SpecificationsField
            rows={field.value}
            onChange={(update) => field.onChange(update(form.getValues('specifications')))}
          />
        )}
      />

      <Controller
        control={form.control}
        name="translations"
        render={({ field }) => (
          <TranslationsField
            value={field.value}
            onChange={field.onChange}
            english={{ name, description, ...englishRowsOf(kind, { features, specifications }) }}
            errors={translationErrors}
            onEdited={(key) => setTranslationErrors(({ [key]: _edited, ...rest }) => rest)}
          />
        )}
      />

      {kind === 'sparePart' ? (
        <Controller
          control={form.control}
          name="fits"
          render={({ field }) => <FitsField value={field.value} onChange={field.onChange} />}
        />
      ) : null}

      <ImageField
        selection={images}
        onLimitExceeded={() => fail(t('adminItemForms.imageLimit', { max: MAX_IMAGES_PER_ITEM }))}
        disabled={saving}
      />
    </ItemFormFrame>
  );
}
