import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

type WholeNumberFieldProps = {
  id: string;
  label: string;
  /** As typed: the form turns it into a number (or a default) when it is sent. */
  value: string;
  onChange: (value: string) => void;
  min: number;
  max: number;
  required?: boolean;
  placeholder?: string;
};

/** A labelled field for a whole number within bounds: weeks of lead time, months of warranty. */
export function WholeNumberField({ id, label, value, onChange, ...bounds }: WholeNumberFieldProps) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        step={1}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...bounds}
      />
    </div>
  );
}
