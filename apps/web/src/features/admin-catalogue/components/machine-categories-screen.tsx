import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Check, ExternalLink, Pencil, Plus, Trash2, X } from 'lucide-react';
import {
  CONTENT_LOCALES,
  type ContentLocale,
  type MachineCategory,
  type MachineCategoryInput,
  machineCategoryInputSchema,
  type MachineCategoryTranslations,
} from '@capstan/shared';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { ApiError, errorReason } from '@/lib/api-client';
import { type AdminTranslator, type BackOfficeKey, useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';
import {
  useCreateMachineCategory,
  useDeleteMachineCategory,
  useRenameMachineCategory,
  useStaffMachineCategories,
} from '@/lib/machine-categories';

type T = AdminTranslator['t'];

/** Which input a refusal belongs to: the English name, or its Tamil or Hindi one (decision 072). */
type NameField = 'name' | ContentLocale;
type Problems = Partial<Record<NameField, string>>;
/** The names as typed: the English one and one per language ('' for none). */
type Names = { name: string } & Record<ContentLocale, string>;

const NAME_LABELS: Record<ContentLocale, BackOfficeKey> = {
  ta: 'adminCatalogue.categoryTranslationTamil',
  hi: 'adminCatalogue.categoryTranslationHindi',
};
const LANGUAGE_NAMES: Record<ContentLocale, BackOfficeKey> = {
  ta: 'adminCatalogue.categoryTranslationLanguageTa',
  hi: 'adminCatalogue.categoryTranslationLanguageHi',
};

/** The server's reason, or the reader's words for a request that got no answer. */
const reasonOf = (error: unknown, t: T) => errorReason(error, t('adminCatalogue.networkError'));

const namesOf = (category?: MachineCategory): Names => ({
  name: category?.name ?? '',
  ta: category?.translations?.ta ?? '',
  hi: category?.translations?.hi ?? '',
});

/**
 * What a save sends: the name, and the languages whose name changed ('' removes one). A language
 * left as it was is not sent, so the server keeps it (absent keeps).
 */
function inputOf(names: Names, stored: MachineCategoryTranslations = {}): MachineCategoryInput {
  const changed = CONTENT_LOCALES.filter((locale) => names[locale].trim() !== (stored[locale] ?? ''));
  if (changed.length === 0) return { name: names.name };
  return { name: names.name, translations: Object.fromEntries(changed.map((locale) => [locale, names[locale]])) };
}

const fieldOfPath = (path: readonly PropertyKey[]): NameField =>
  path[0] === 'translations' && (path[1] === 'ta' || path[1] === 'hi') ? path[1] : 'name';

/** The schema's messages per input, or none when it may be sent (the route checks it again). */
function problemsOf(input: MachineCategoryInput, t: T): Problems {
  const checked = machineCategoryInputSchema.safeParse(input);
  if (checked.success) return {};
  const problems: Problems = {};
  for (const issue of checked.error.issues) problems[fieldOfPath(issue.path)] ??= issue.message;
  if (Object.keys(problems).length === 0) problems.name = t('adminCatalogue.checkName');
  return problems;
}

/** A refused save's per-input messages (the server's `issues`), else its reason under the name. */
function refusalOf(error: unknown, reason: string): Problems {
  if (error instanceof ApiError && error.status === 400) {
    try {
      const body = JSON.parse(error.body) as { issues?: { path: (string | number)[]; message: string }[] };
      const translated = (body.issues ?? []).filter((issue) => fieldOfPath(issue.path) !== 'name');
      if (translated.length > 0) {
        return Object.fromEntries(translated.map((issue) => [fieldOfPath(issue.path), issue.message]));
      }
    } catch {
      // Not JSON: the reason says it.
    }
  }
  return { name: reason };
}

/**
 * The machine categories staff keep (decision 031). The machine form adds one on the spot; here they
 * are renamed (the slug, and so every shared catalogue link, stays) and deleted once no machine
 * uses them, which the server enforces too.
 */
export function MachineCategoriesScreen() {
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
  // Staff edit the English names and their translations, whatever the back office's language.
  const categories = useStaffMachineCategories();
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
            {t('adminCatalogue.categoriesLoadFailed', { reason: refusal(reasonOf(categories.error, t)) })}
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
  initial?: Names;
  placeholder?: string;
  pending: boolean;
  submit: { label: string; pendingLabel: string; icon: ReactNode };
  /** Sends the checked names; resolves to the refusals to show, or null when they were saved. */
  onSave: (names: Names) => Promise<Problems | null>;
  onCancel?: () => void;
};

/**
 * A category's name and its Tamil and Hindi names (optional; the English shows where one is
 * missing), with their checks and the server's refusals, each under its input.
 */
function CategoryNameForm({
  label,
  hideLabel = false,
  initial = namesOf(),
  placeholder,
  pending,
  submit,
  onSave,
  onCancel,
}: CategoryNameFormProps) {
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
  const id = useId();
  const [names, setNames] = useState<Names>(initial);
  const [problems, setProblems] = useState<Problems>({});

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf(inputOf(names), t);
    setProblems(found);
    if (Object.keys(found).length > 0 || pending) return;
    const refusal = await onSave(names);
    setProblems(refusal ?? {});
    if (refusal === null && onCancel === undefined) setNames(namesOf());
  };
  const describedBy = (field: NameField) => (problems[field] === undefined ? undefined : `${id}-${field}-problem`);
  const problemText = (field: NameField) =>
    problems[field] === undefined ? null : (
      <p id={`${id}-${field}-problem`} role="alert" className="text-sm text-destructive">
        {refusal(problems[field])}
      </p>
    );

  return (
    <form onSubmit={(event) => void save(event)} noValidate className="flex flex-col gap-2">
      <Label htmlFor={`${id}-name`} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-name`}
          value={names.name}
          onChange={(event) => setNames({ ...names, name: event.target.value })}
          maxLength={60}
          placeholder={placeholder}
          autoFocus={onCancel !== undefined}
          aria-invalid={problems.name !== undefined}
          aria-describedby={describedBy('name')}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onCancel?.();
          }}
          className="sm:max-w-sm"
        />
        <div className="flex gap-2">
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner tone="current" /> : submit.icon}
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
      {problemText('name')}
      <div className="grid gap-2 sm:max-w-2xl sm:grid-cols-2">
        {CONTENT_LOCALES.map((locale) => (
          <div key={locale} className="grid content-start gap-1">
            <Label htmlFor={`${id}-${locale}`} className="text-sm font-normal text-muted-foreground">
              {t(NAME_LABELS[locale])}
            </Label>
            <Input
              id={`${id}-${locale}`}
              lang={locale}
              value={names[locale]}
              onChange={(event) => setNames({ ...names, [locale]: event.target.value })}
              maxLength={60}
              aria-invalid={problems[locale] !== undefined}
              aria-describedby={describedBy(locale)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') onCancel?.();
              }}
            />
            {problemText(locale)}
          </div>
        ))}
      </div>
    </form>
  );
}

function AddCategoryForm() {
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
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
      onSave={async (names) => {
        try {
          const created = await create.mutateAsync(inputOf(names));
          toast({
            title: t('adminCatalogue.success'),
            description: t('adminCatalogue.categoryAdded', { name: created.name }),
          });
          return null;
        } catch (error) {
          return refusalOf(error, t('adminCatalogue.addCategoryFailed', { reason: refusal(reasonOf(error, t)) }));
        }
      }}
    />
  );
}

/** The row's Tamil and Hindi names, or that the English one shows there. */
function CategoryTranslations({ category }: { category: MachineCategory }) {
  const { t, rich } = useAdminT();
  return (
    <ul className="text-sm text-muted-foreground">
      {CONTENT_LOCALES.map((locale) => {
        const name = category.translations?.[locale];
        const language = t(LANGUAGE_NAMES[locale]);
        return (
          <li key={locale}>
            {name === undefined
              ? t('adminCatalogue.categoryTranslationMissing', { language })
              : rich('adminCatalogue.categoryTranslationNamed', {
                  language,
                  name,
                  translated: (chunks) => <span lang={locale}>{chunks}</span>,
                })}
          </li>
        );
      })}
    </ul>
  );
}

function CategoryRow({ category, onDelete }: { category: MachineCategory; onDelete: () => void }) {
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
  const rename = useRenameMachineCategory();
  const [editing, setEditing] = useState(false);

  if (editing) {
    return (
      <li className="p-4">
        <CategoryNameForm
          label={t('adminCatalogue.newNameFor', { name: category.name })}
          hideLabel
          initial={namesOf(category)}
          pending={rename.isPending}
          submit={{
            label: t('adminCatalogue.save'),
            pendingLabel: t('adminCatalogue.saving'),
            icon: <Check aria-hidden="true" />,
          }}
          onCancel={() => setEditing(false)}
          onSave={async (names) => {
            const input = inputOf(names, category.translations);
            const renaming = input.name.trim() !== category.name;
            if (!renaming && input.translations === undefined) {
              setEditing(false);
              return null;
            }
            try {
              const renamed = await rename.mutateAsync({ slug: category.slug, ...input });
              setEditing(false);
              toast({
                title: t('adminCatalogue.success'),
                description: renaming
                  ? t('adminCatalogue.categoryRenamed', { oldName: category.name, name: renamed.name })
                  : t('adminCatalogue.categoryTranslationSaved', { name: renamed.name }),
              });
              return null;
            } catch (error) {
              return refusalOf(error, t('adminCatalogue.renameFailed', { reason: refusal(reasonOf(error, t)) }));
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
        <CategoryTranslations category={category} />
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
  const refusal = useAdminRefusal();
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
          description: t('adminCatalogue.deleteCategoryFailed', {
            name: category.name,
            reason: refusal(reasonOf(error, t)),
          }),
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
