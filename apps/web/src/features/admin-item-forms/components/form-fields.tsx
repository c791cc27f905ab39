import { useId } from 'react';
import { ITEM_CODE_MAX_LENGTH } from '@capstan/shared';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

interface NameDescriptionProps {
  name: string;
  description: string;
  onNameChange: (value: string) => void;
  onDescriptionChange: (value: string) => void;
}

/** Name and description, required on every item form (SPEC §5); limits match the shared schemas. */
export function NameDescriptionFields({ name, description, onNameChange, onDescriptionChange }: NameDescriptionProps) {
  const id = useId();
  return (
    <>
      <div className="space-y-2">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input id={`${id}-name`} value={name} onChange={(e) => onNameChange(e.target.value)} required maxLength={200} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea
          id={`${id}-description`}
          value={description}
          onChange={(e) => onDescriptionChange(e.target.value)}
          required
          rows={4}
          maxLength={5000}
        />
      </div>
    </>
  );
}

/** A whole-rupee amount; empty means none. */
export function RupeesField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return <NumberField label={label} value={value} onChange={onChange} min={0} step={1} inputMode="numeric" />;
}

/** A plain number; empty means none. */
export function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  step,
  inputMode,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  min?: number;
  max?: number;
  step: number;
  inputMode: 'numeric' | 'decimal';
}) {
  const id = useId();
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode={inputMode}
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** Issue 19: a machine model code, part number or service code; empty means none (and clears it on an edit). */
export function CodeField({
  value,
  onChange,
  example,
}: {
  value: string;
  onChange: (v: string) => void;
  example: string;
}) {
  const id = useId();
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Code (optional)</Label>
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
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
