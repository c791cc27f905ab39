import { useId } from 'react';
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
