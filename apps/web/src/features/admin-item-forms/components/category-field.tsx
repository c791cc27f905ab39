import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { DEFAULT_MACHINE_CATEGORY, machineCategoryInputSchema } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { errorReason } from '@/lib/api-client';
import { useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';
import { useCreateMachineCategory, useStaffMachineCategories } from '@/lib/machine-categories';

const selectClass =
  'h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/**
 * A machine's category, one of the list staff keep (`GET /api/machine-categories`), with
 * a small form to add one without leaving the machine. "Uncategorised" is the old default `machine`.
 */
export function CategoryField({ value, onChange }: { value: string; onChange: (slug: string) => void }) {
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
  const id = useId();
  // The names as staff keep them, whatever the back office's language: a machine's category is one of them.
  const categories = useStaffMachineCategories();
  const create = useCreateMachineCategory();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');

  const known = categories.data ?? [];
  // A category the list does not (yet) hold stays selectable, so an edit never changes it silently.
  const missing = value !== DEFAULT_MACHINE_CATEGORY && !known.some((category) => category.slug === value);

  const addCategory = async () => {
    const checked = machineCategoryInputSchema.safeParse({ name });
    if (!checked.success) {
      toast({
        variant: 'destructive',
        title: t('adminItemForms.errorTitle'),
        description: refusal(checked.error.issues[0]?.message) ?? t('adminItemForms.checkName'),
      });
      return;
    }
    try {
      const created = await create.mutateAsync(checked.data);
      onChange(created.slug);
      setName('');
      setAdding(false);
      toast({
        title: t('adminItemForms.successTitle'),
        description: t('adminItemForms.categoryAdded', { name: created.name }),
      });
    } catch (error) {
      const reason = refusal(errorReason(error, t('adminItemForms.networkError')));
      toast({
        variant: 'destructive',
        title: t('adminItemForms.errorTitle'),
        description: t('adminItemForms.categoryAddFailed', { reason }),
      });
    }
  };

  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={`${id}-category`}>{t('adminItemForms.category')}</Label>
        {/* A new tab: the machine being edited stays as it is. */}
        <Link
          to={paths.admin.machineCategories}
          target="_blank"
          className="text-sm text-muted-foreground underline-offset-4 hover:underline"
        >
          {t('adminItemForms.manageCategories')}
        </Link>
      </div>
      <div className="flex gap-2">
        <select
          id={`${id}-category`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={selectClass}
          aria-busy={categories.isPending}
        >
          <option value={DEFAULT_MACHINE_CATEGORY}>{t('adminItemForms.uncategorised')}</option>
          {known.map((category) => (
            <option key={category.slug} value={category.slug}>
              {category.name}
            </option>
          ))}
          {missing ? <option value={value}>{value}</option> : null}
        </select>
        <Button variant="outline" aria-expanded={adding} onClick={() => setAdding((open) => !open)}>
          <Plus aria-hidden="true" />
          {t('adminItemForms.newCategory')}
        </Button>
      </div>
      {adding ? (
        <div className="flex gap-2">
          <Input
            aria-label={t('adminItemForms.newCategoryName')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={60}
            placeholder={t('adminItemForms.newCategoryPlaceholder')}
            onKeyDown={(event) => {
              // Enter adds the category rather than submitting the whole machine form.
              if (event.key === 'Enter') {
                event.preventDefault();
                void addCategory();
              }
            }}
          />
          <Button onClick={() => void addCategory()} disabled={create.isPending}>
            {create.isPending ? t('adminItemForms.addingCategory') : t('adminItemForms.addCategory')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
