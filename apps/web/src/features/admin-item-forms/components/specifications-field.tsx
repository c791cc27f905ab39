import { Plus, X } from 'lucide-react';
import { MIN_SPECIFICATIONS, remarkRepeatsNumber, SPEC_UNITS, type SpecUnit } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { newSpecificationRow, printedRow, rowNumber, type SpecificationRow } from '../lib/specification-rows';

type SpecificationsFieldProps = {
  rows: SpecificationRow[];
  onChange: (update: (rows: SpecificationRow[]) => SpecificationRow[]) => void;
};

/** Said when the text only repeats the number: the value is printed and saved once. */
export const REPEATED_TEXT_NOTE = '(the text repeats the number, so it is saved once, as the number)';

const selectClass =
  'h-9 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50';

/**
 * SPEC §5's specification rows; a row may also carry a number and a unit from the fixed
 * list besides (or instead of) its text, and shows what the public page will print for it.
 */
export function SpecificationsField({ rows, onChange }: SpecificationsFieldProps) {
  const update = (rowId: string, patch: Partial<SpecificationRow>) =>
    onChange((current) => current.map((row) => (row.id === rowId ? { ...row, ...patch } : row)));
  const remove = (rowId: string) =>
    onChange((current) => (current.length > MIN_SPECIFICATIONS ? current.filter((row) => row.id !== rowId) : current));

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="text-sm font-medium">Specifications</legend>
      <p className="text-sm text-muted-foreground">
        At least {MIN_SPECIFICATIONS} complete specifications are required. Give a number and a unit where there is one
        (buyers compare and filter by them); the text is then an optional remark such as &ldquo;max&rdquo;.
      </p>
      <ul className="space-y-3">
        {rows.map((row, index) => {
          const n = index + 1;
          const number = rowNumber(row);
          const badNumber = row.number.trim() !== '' && number === null;
          const printed = printedRow(row);
          return (
            <li key={row.id} className="rounded-md border p-2 sm:border-0 sm:p-0">
              <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-center gap-2 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1.2fr)_6rem_6.5rem_auto]">
                <Input
                  aria-label={`Specification ${n} name`}
                  placeholder="e.g. Bar capacity"
                  value={row.key}
                  onChange={(e) => update(row.id, { key: e.target.value })}
                  required={index < MIN_SPECIFICATIONS}
                  className="col-span-2 sm:col-span-1"
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove specification ${n}`}
                  disabled={rows.length <= MIN_SPECIFICATIONS}
                  onClick={() => remove(row.id)}
                  className="sm:order-last"
                >
                  <X aria-hidden="true" />
                </Button>
                <Input
                  aria-label={`Specification ${n} value`}
                  placeholder={number === null ? 'e.g. 42 mm' : 'Remark (optional)'}
                  value={row.value}
                  onChange={(e) => update(row.id, { value: e.target.value })}
                  required={index < MIN_SPECIFICATIONS && number === null}
                  className="col-span-3 sm:col-span-1"
                />
                <Input
                  aria-label={`Specification ${n} number`}
                  placeholder="Number"
                  inputMode="decimal"
                  value={row.number}
                  aria-invalid={badNumber || undefined}
                  onChange={(e) => update(row.id, { number: e.target.value })}
                  className="col-span-1"
                />
                <select
                  aria-label={`Specification ${n} unit`}
                  value={row.unit}
                  onChange={(e) => update(row.id, { unit: e.target.value as SpecUnit | '' })}
                  className={`${selectClass} col-span-2 sm:col-span-1`}
                >
                  <option value="">No unit</option>
                  {SPEC_UNITS.map((unit) => (
                    <option key={unit} value={unit}>
                      {unit}
                    </option>
                  ))}
                </select>
              </div>
              <p className="mt-1 text-xs text-muted-foreground" aria-live="polite">
                {badNumber ? (
                  <span className="text-destructive">The number is not a number.</span>
                ) : printed !== '' ? (
                  <>
                    Shows as: <span className="font-medium text-foreground">{printed}</span>
                    {number !== null && remarkRepeatsNumber(row.value, number, row.unit || null)
                      ? ` ${REPEATED_TEXT_NOTE}`
                      : null}
                  </>
                ) : null}
              </p>
            </li>
          );
        })}
      </ul>
      <Button variant="outline" onClick={() => onChange((current) => [...current, newSpecificationRow()])}>
        <Plus aria-hidden="true" />
        Add Specification
      </Button>
    </fieldset>
  );
}
