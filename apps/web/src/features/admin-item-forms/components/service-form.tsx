import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Plus, X } from 'lucide-react';
import { MAX_IMAGES_PER_ITEM, serviceInputSchema, type Service } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { useService } from '../api/get-item';
import { useSaveService } from '../api/save-service';
import { useUploadImages } from '@/lib/upload-images';
import { ApiError, errorReason } from '@/lib/api-client';
import { type AdminTranslator, useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';
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
import { CodeField, NameDescriptionFields } from './form-fields';
import { GstFields, gstDefaultsOfForm } from './gst-fields';
import { ImageField } from './image-field';
import { ItemFormFrame, ItemFormPage, useReloadKey } from './item-form-shell';
import { TranslationsField } from './translations-field';

/** SPEC §2 service form: create without an id, edit when the URL ends in one. */
export function ServiceForm() {
  const { pathname } = useLocation();
  const id = idFromPathname(pathname);
  const query = useService(id);
  const error = id !== undefined && query.isError ? query.error : null;
  const { generation, reload } = useReloadKey(query.refetch);
  const { t } = useAdminT();
  const refusal = useAdminRefusal();

  const errorTitle = t('adminItemForms.errorTitle');
  const loadFailed = error ? t('adminItemForms.serviceLoadFailedToast', { reason: refusal(errorReason(error)) }) : null;
  useEffect(() => {
    if (loadFailed !== null) toast({ variant: 'destructive', title: errorTitle, description: loadFailed });
  }, [loadFailed, errorTitle]);

  const initial: Service | null | undefined = id === undefined ? null : query.data;

  return (
    <ItemFormPage
      backTo={paths.admin.products}
      heading={t(id === undefined ? 'adminItemForms.addHeading' : 'adminItemForms.editHeading', { kind: 'service' })}
      error={error ? t('adminItemForms.serviceLoadFailed') : null}
      loading={initial === undefined}
    >
      {initial !== undefined ? (
        <ServiceFormFields key={`${id ?? 'new'}:${generation}`} id={id} initial={initial} onReload={reload} />
      ) : null}
    </ItemFormPage>
  );
}

/** What the service form edits; `newKey`/`newValue` are the specification being typed, not yet added. */
export interface ServiceFormValues {
  name: string;
  code: string;
  description: string;
  /** Its SAC and GST rate (decision 075); an empty code is the default. */
  hsnCode: string;
  gstRate: string;
  featured: boolean;
  specifications: SpecificationRow[];
  newKey: string;
  newValue: string;
  translations: TranslationDrafts;
}

/** The English rows the translations stand beside: a service has specification labels but no key features. */
const englishRowsOf = (specifications: readonly SpecificationRow[]): EnglishRows => ({
  features: null,
  specifications: labelRows(specifications),
});

function serviceFormValuesOf(initial: Service | null): ServiceFormValues {
  const specifications = specificationsOf(initial?.specificationList, initial?.specification).map((spec) =>
    newSpecificationRow(spec),
  );
  return {
    name: initial?.name ?? '',
    code: initial?.code ?? '',
    description: initial?.description ?? '',
    hsnCode: initial?.hsnCode ?? '',
    gstRate: String(initial?.gstRate ?? gstDefaultsOfForm('service').gstRate),
    featured: initial?.featured ?? false,
    specifications,
    newKey: '',
    newValue: '',
    translations: draftsOf(initial?.translations, englishRowsOf(specifications)),
  };
}

/**
 * The fields a save sends (the pictures are added once uploaded). A specification typed into the
 * new row but not added with "+ Add" is still meant to be saved (it used to vanish behind a
 * success toast).
 */
export function servicePayload(values: ServiceFormValues) {
  const pendingKey = values.newKey.trim();
  const pending = pendingKey === '' ? [] : [{ key: pendingKey, value: values.newValue.trim() }];
  return {
    name: values.name.trim(),
    // Empty clears the code on an edit (decision 011); on a create it means none.
    code: values.code.trim(),
    description: values.description.trim(),
    // Empty: the default (decision 075).
    hsnCode: values.hsnCode.trim(),
    gstRate: values.gstRate,
    // A typed row (number and unit) goes back as it came, so an edit never drops them.
    specification: [...completeSpecifications(values.specifications), ...pending],
    featured: values.featured,
    translations: translationsPayload(values.translations, englishRowsOf(values.specifications)),
  };
}

/**
 * A half-filled new specification stops the save, then the shared payload schema the route uses
 * is checked, before any upload so a bad form stores nothing.
 */
function serviceProblem(
  values: ServiceFormValues,
  existingImages: string[],
  t: AdminTranslator['t'],
): { message: string; issues: readonly FieldIssue[] } | null {
  if ((values.newKey.trim() === '') !== (values.newValue.trim() === '')) {
    return { message: t('adminItemForms.pendingSpecification'), issues: [] };
  }
  const checked = serviceInputSchema.safeParse({ ...servicePayload(values), images: existingImages });
  if (checked.success) return null;
  return { message: checked.error.issues[0]?.message ?? t('adminItemForms.checkForm'), issues: checked.error.issues };
}

interface ServiceFormFieldsProps {
  id: string | undefined;
  initial: Service | null;
  onReload: () => Promise<void>;
}

function ServiceFormFields({ id, initial, onReload }: ServiceFormFieldsProps) {
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
  const navigate = useNavigate();
  const upload = useUploadImages();
  const save = useSaveService();
  const fieldId = useId();
  const images = useImageSelection(initial?.images ?? []);
  const form = useForm<ServiceFormValues>({ defaultValues: serviceFormValuesOf(initial) });
  const [name, description, specifications] = useWatch({
    control: form.control,
    name: ['name', 'description', 'specifications'],
  });
  const [translationErrors, setTranslationErrors] = useState<TranslationErrors>({});
  /** A refusal of a Tamil or Hindi text shows at its input, whichever side found it. */
  const showTranslationErrors = (issues: readonly FieldIssue[], values: ServiceFormValues) =>
    setTranslationErrors(translationErrorsOf(issues, values.translations, englishRowsOf(values.specifications)));
  const savingRef = useRef(false);
  const saving = form.formState.isSubmitting;
  // The version this form started from, fixed at mount: a background refetch must not make a
  // stale copy look current.
  const [loadedVersion] = useState(initial?.updatedAt);
  const [staleMessage, setStaleMessage] = useState<string | null>(null);
  const isEdit = id !== undefined;

  const [newKey, newValue] = useWatch({ control: form.control, name: ['newKey', 'newValue'] });
  const canAddRow = newKey.trim() !== '' && newValue.trim() !== '';
  // SPEC §5: a specification is added only when both name and value are filled.
  const addRow = () => {
    if (!canAddRow) return;
    form.setValue('specifications', [
      ...form.getValues('specifications'),
      newSpecificationRow({ key: newKey.trim(), value: newValue.trim() }),
    ]);
    form.setValue('newKey', '');
    form.setValue('newValue', '');
  };

  const fail = (description: string) =>
    toast({ variant: 'destructive', title: t('adminItemForms.errorTitle'), description });

  const onValid = async () => {
    const values = form.getValues();
    const fields = servicePayload(values);
    let uploaded: string[] = [];
    if (images.added.length > 0) {
      try {
        uploaded = (await upload.mutateAsync(images.added.map((image) => image.file))).imageUrls;
      } catch (error) {
        // SPEC §8: an upload failure aborts the save.
        fail(t('adminItemForms.imageUploadFailed', { reason: refusal(errorReason(error)) }));
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
      const stale = isStaleEdit(error) ? refusal(staleEditMessage(error, t)) : null;
      if (stale !== null) setStaleMessage(stale);
      if (error instanceof ApiError && error.status === 400) showTranslationErrors(issuesOfAnswer(error.body), values);
      fail(
        t(isEdit ? 'adminItemForms.serviceUpdateFailed' : 'adminItemForms.serviceAddFailed', {
          reason: stale ?? refusal(errorReason(error)),
        }),
      );
      return;
    }
    toast({
      title: t('adminItemForms.successTitle'),
      description: t(isEdit ? 'adminItemForms.updatedToast' : 'adminItemForms.addedToast', { kind: 'service' }),
    });
    void navigate(paths.admin.productsTab('services', saved.id));
  };

  const submit = form.handleSubmit(onValid);

  const ids = {
    key: `${fieldId}-spec-name`,
    value: `${fieldId}-spec-value`,
  };

  return (
    <ItemFormFrame
      onSubmit={(event) => {
        event.preventDefault();
        if (savingRef.current) return;
        const values = form.getValues();
        const problem = serviceProblem(values, images.existing, t);
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
      deleteButton={isEdit ? <DeleteItemButton kind="service" id={id} name={initial?.name ?? ''} /> : null}
      cancelTo={paths.admin.products}
      saving={saving}
      submitLabel={t(isEdit ? 'adminItemForms.updateSubmit' : 'adminItemForms.addSubmit', { kind: 'service' })}
    >
      <NameDescriptionFields name={form.register('name')} description={form.register('description')} />
      <CodeField field={form.register('code')} example="SVC-REC-01" />
      <GstFields
        kind="service"
        storedRate={initial ? String(initial.gstRate) : undefined}
        hsnCode={form.register('hsnCode')}
        gstRate={form.register('gstRate')}
      />

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">{t('adminItemForms.specificationsOptional')}</legend>
        <Controller
          control={form.control}
          name="specifications"
          render={({ field }) =>
            field.value.length > 0 ? (
              <ul className="divide-y rounded-md border" aria-label={t('adminItemForms.specifications')}>
                {field.value.map((row) => (
                  <li key={row.id} className="flex items-center gap-2 px-3 py-2 text-sm">
                    <span className="min-w-0 flex-1 break-words">
                      <span className="font-medium">{row.key}</span>: {printedRow(row)}
                    </span>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('adminItemForms.removeSpecificationNamed', { name: row.key })}
                      onClick={() => field.onChange(field.value.filter((other) => other.id !== row.id))}
                    >
                      <X aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ul>
            ) : (
              <></>
            )
          }
        />
        <div className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <div className="space-y-2">
            <Label htmlFor={ids.key}>{t('adminItemForms.specificationName')}</Label>
            <Input id={ids.key} {...form.register('newKey')} maxLength={100} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={ids.value}>{t('adminItemForms.specificationValue')}</Label>
            <Input id={ids.value} {...form.register('newValue')} maxLength={500} />
          </div>
          <Button variant="outline" onClick={addRow} disabled={!canAddRow}>
            <Plus aria-hidden="true" />
            {t('adminItemForms.add')}
          </Button>
        </div>
      </fieldset>

      <Controller
        control={form.control}
        name="translations"
        render={({ field }) => (
          <TranslationsField
            value={field.value}
            onChange={field.onChange}
            english={{ name, description, ...englishRowsOf(specifications) }}
            errors={translationErrors}
            onEdited={(key) => setTranslationErrors(({ [key]: _edited, ...rest }) => rest)}
          />
        )}
      />

      <ImageField
        selection={images}
        disabled={saving}
        onLimitExceeded={() =>
          toast({
            variant: 'destructive',
            title: t('adminItemForms.limitExceededTitle'),
            description: t('adminItemForms.serviceImageLimit', { max: MAX_IMAGES_PER_ITEM }),
          })
        }
      />
    </ItemFormFrame>
  );
}
