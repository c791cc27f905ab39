import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { useT } from '@/lib/i18n';
import { cn } from '@/lib/utils';

/** What a field's control takes so its label, help and refusal are read with it. */
export interface FieldA11y {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A labelled field with its help text and, once refused, why (in the page's language). */
export function FormField({
  id,
  label,
  optional = false,
  help,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  optional?: boolean;
  help?: ReactNode;
  error: string | undefined;
  className?: string;
  children: (a11y: FieldA11y) => ReactNode;
}) {
  const { t } = useT();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>
        {label}
        {optional ? (
          <span className="font-normal text-muted-foreground">{` ${t('service.optional')}`}</span>
        ) : (
          <span className="text-destructive" aria-hidden="true">
            {' *'}
          </span>
        )}
      </Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {help ? (
        <p id={helpId} className="text-sm text-muted-foreground">
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
