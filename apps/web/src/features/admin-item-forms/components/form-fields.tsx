import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ITEM_CODE_MAX_LENGTH, ITEM_FIELD_BY_KEY } from '@capstan/shared';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

/** A field the form registers (react-hook-form), by its payload name. */
type Registered = UseFormRegisterReturn;

/** `Brand (optional)`: an optional field's label, from the kind's field table. */
export const optionalLabel = (label: string) => `${label} (optional)`;

/** Name and description, required on every item form (SPEC §5); limits match the shared schemas. */
export function NameDescriptionFields({ name, description }: { name: Registered; description: Registered }) {
  const id = useId();
  return (
    <>
      <div className="space-y-2">
        <Label htmlFor={`${id}-name`}>{ITEM_FIELD_BY_KEY.name.label}</Label>
        <Input id={`${id}-name`} {...name} required maxLength={200} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-description`}>{ITEM_FIELD_BY_KEY.description.label}</Label>
        <Textarea id={`${id}-description`} {...description} required rows={4} maxLength={5000} />
      </div>
    </>
  );
}

/** A whole-rupee amount; empty means none. */
export function RupeesField({ label, field }: { label: string; field: Registered }) {
  const id = useId();
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{`${label} in ₹ (optional)`}</Label>
      <Input id={id} type="number" inputMode="numeric" min={0} step={1} {...field} />
    </div>
  );
}

/** A machine model code, part number or service code; empty means none (and clears it on an edit). */
export function CodeField({ field, example }: { field: Registered; example: string }) {
  const id = useId();
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{optionalLabel(ITEM_FIELD_BY_KEY.code.label)}</Label>
      <Input
        id={id}
        {...field}
        maxLength={ITEM_CODE_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        e.g. {example}. Letters, digits, spaces and - _ . / only; unique among items of this kind.
      </p>
    </div>
  );
}
