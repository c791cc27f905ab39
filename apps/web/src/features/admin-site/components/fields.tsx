import { type ReactNode, useId } from 'react';
import {
  type FieldValues,
  type Path,
  type PathValue,
  type RegisterOptions,
  type UseFormReturn,
  useWatch,
} from 'react-hook-form';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useAdminT } from '@/lib/i18n/admin';
import { ErrorText, fieldError } from '@/components/field-refusal';

export { ErrorText, fieldError };

interface TextFieldProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  hint?: string;
  multiline?: boolean;
  type?: 'text' | 'email' | 'url' | 'tel' | 'number' | 'time';
  options?: RegisterOptions<T, Path<T>>;
  className?: string;
  autoComplete?: string;
  /** The language typed in, when it is not the page's: a Tamil or Hindi translation. */
  lang?: string;
}

/** A labelled input with its hint and its own error message under it. */
export function TextField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  multiline,
  type = 'text',
  options,
  className,
  autoComplete = 'off',
  lang,
}: TextFieldProps<T>) {
  const id = useId();
  const error = fieldError(form, name);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    lang,
    ...form.register(name, options),
  };
  return (
    <div className={className ?? 'grid gap-2'}>
      <Label htmlFor={id}>{label}</Label>
      {multiline ? <Textarea rows={4} {...common} /> : <Input type={type} autoComplete={autoComplete} {...common} />}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * Move up, move down and remove for one entry of a list; `what` names the entry for screen readers
 * (already translated, e.g. “phone 2”).
 */
export function RowActions({
  index,
  count,
  what,
  onMove,
  onRemove,
  canRemove = true,
}: {
  index: number;
  count: number;
  what: string;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  canRemove?: boolean;
}) {
  const { t } = useAdminT();
  return (
    <div className="flex gap-1">
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label={t('adminSite.moveUp', { what })}
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label={t('adminSite.moveDown', { what })}
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <ArrowDown aria-hidden="true" />
      </Button>
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label={t('adminSite.remove', { what })}
        disabled={!canRemove}
        onClick={() => onRemove(index)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}

export function AddButton({
  children,
  onClick,
  disabled,
}: {
  children: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button type="button" variant="outline" size="sm" className="w-fit" onClick={onClick} disabled={disabled}>
      <Plus aria-hidden="true" /> {children}
    </Button>
  );
}

/**
 * A list of texts (address lines, paragraphs, emails) with add, remove and reorder. `itemLabel`
 * labels the nth entry (“Line 2”), `itemName` names it inside a sentence (“line 2”), `addLabel`
 * is the add button's text. `onMove` and `onRemove` hear of each move and removal, for lists kept
 * in step with this one (its translations).
 */
export function TextListField<T extends FieldValues>({
  form,
  name,
  legend,
  itemLabel,
  itemName,
  addLabel,
  max,
  min = 0,
  multiline,
  type,
  onMove,
  onRemove,
}: {
  form: UseFormReturn<T>;
  name: Path<T>;
  legend: string;
  itemLabel: (position: number) => string;
  itemName: (position: number) => string;
  addLabel: string;
  max: number;
  min?: number;
  multiline?: boolean;
  type?: 'text' | 'email';
  onMove?: (from: number, to: number) => void;
  onRemove?: (index: number) => void;
}) {
  const id = useId();
  const watched = useWatch({ control: form.control, name }) as unknown;
  const values = Array.isArray(watched) ? (watched as string[]) : [];
  const set = (next: string[]) =>
    form.setValue(name, next as PathValue<T, Path<T>>, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  const move = (from: number, to: number) => {
    const next = [...values];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item ?? '');
    set(next);
    onMove?.(from, to);
  };
  const listError = fieldError(form, name);
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {values.map((value, index) => {
        const itemError = fieldError(form, `${name}.${index}`);
        const inputId = `${id}-${index}`;
        const props = {
          id: inputId,
          value,
          'aria-invalid': itemError ? true : undefined,
          'aria-describedby': itemError ? `${inputId}-error` : undefined,
          onChange: (event: { target: { value: string } }) =>
            set(values.map((entry, i) => (i === index ? event.target.value : entry))),
        };
        return (
          <div key={index} className="grid gap-1">
            <Label htmlFor={inputId}>{itemLabel(index + 1)}</Label>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
              {multiline ? <Textarea rows={4} {...props} /> : <Input type={type ?? 'text'} {...props} />}
              <RowActions
                index={index}
                count={values.length}
                what={itemName(index + 1)}
                onMove={move}
                onRemove={(at) => {
                  set(values.filter((_, i) => i !== at));
                  onRemove?.(at);
                }}
                canRemove={values.length > min}
              />
            </div>
            <ErrorText id={`${inputId}-error`} message={itemError} />
          </div>
        );
      })}
      <ErrorText id={`${id}-error`} message={listError} />
      <AddButton onClick={() => set([...values, ''])} disabled={values.length >= max}>
        {addLabel}
      </AddButton>
    </fieldset>
  );
}

/** A titled group of fields. */
export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section className="grid gap-4 rounded-lg border bg-card p-4 shadow-sm sm:p-6">
      <div>
        <h2 className="text-lg font-semibold">{title}</h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
