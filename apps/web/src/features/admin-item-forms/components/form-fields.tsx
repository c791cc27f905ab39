import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ITEM_CODE_MAX_LENGTH } from '@capstan/shared';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useAdminT } from '@/lib/i18n/admin';

/** A field the form registers (react-hook-form), by its payload name. */
type Registered = UseFormRegisterReturn;

/** Name and description, required on every item form (SPEC §5); limits match the shared schemas. */
export function NameDescriptionFields({ name, description }: { name: Registered; description: Registered }) {
  const { t } = useAdminT();
  const id = useId();
  return (
    <>
      <div className="space-y-2">
        <Label htmlFor={`${id}-name`}>{t('adminItemForms.name')}</Label>
        <Input id={`${id}-name`} {...name} required maxLength={200} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-description`}>{t('adminItemForms.description')}</Label>
        <Textarea id={`${id}-description`} {...description} required rows={4} maxLength={5000} />
      </div>
    </>
  );
}

/** A whole-rupee amount; empty means none. `label` is the whole one: `Price in ₹ (optional)`. */
export function RupeesField({ label, field }: { label: string; field: Registered }) {
  const id = useId();
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="number" inputMode="numeric" min={0} step={1} {...field} />
    </div>
  );
}

/** A machine model code, part number or service code; empty means none (and clears it on an edit). */
export function CodeField({ field, example }: { field: Registered; example: string }) {
  const { t } = useAdminT();
  const id = useId();
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{t('adminItemForms.code')}</Label>
      <Input
        id={id}
        {...field}
        maxLength={ITEM_CODE_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t('adminItemForms.codeHint', { example })}
      </p>
    </div>
  );
}
