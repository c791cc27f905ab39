import { type FieldValues, type FormState, get } from 'react-hook-form';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';

/**
 * A back-office form field's refusal: where react-hook-form keeps it, and how it is shown under
 * its input. Shared by the forms of several screens (site settings, quotations).
 */

/**
 * The message of the field's error (nested paths like `phones.0.number`, `lines.0.rate`), if any.
 * Any form will do, whatever its schema turns the values into on submit.
 */
export function fieldError<T extends FieldValues>(form: { formState: FormState<T> }, name: string): string | undefined {
  const error: unknown = get(form.formState.errors, name);
  if (error && typeof error === 'object') {
    if ('message' in error && typeof error.message === 'string') return error.message;
    // A list's own error (too few, too many) sits under `root`.
    if ('root' in error && error.root && typeof error.root === 'object' && 'message' in error.root) {
      return typeof error.root.message === 'string' ? error.root.message : undefined;
    }
  }
  return undefined;
}

/** A refusal under its input, in the staff member's language (the English text is its code). */
export function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  const refusal = useAdminRefusal();
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {refusal(message)}
    </p>
  );
}
