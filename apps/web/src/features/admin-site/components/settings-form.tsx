import { type ReactNode, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Save } from 'lucide-react';
import { SITE_STALE_EDIT_MESSAGE } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';

interface ServerIssue {
  path: (string | number)[];
  message: string;
}

function serverIssues(error: ApiError): ServerIssue[] {
  try {
    const body: unknown = JSON.parse(error.body);
    if (body && typeof body === 'object' && 'issues' in body && Array.isArray(body.issues)) {
      return body.issues as ServerIssue[];
    }
  } catch {
    // not JSON: no per-field messages
  }
  return [];
}

/**
 * Saving a settings part: the form's own checks run first (the shared schema); the server's
 * per-field messages land on their fields; a stale copy (409) keeps what was typed and offers
 * a reload, as the item forms do.
 */
export function useSettingsSave<T extends FieldValues, R extends T>({
  form,
  save,
  texts,
  reload,
}: {
  form: UseFormReturn<T>;
  save: (values: T) => Promise<R>;
  /** The toasts' descriptions: this part saved, and this part not saved. */
  texts: { saved: string; notSaved: string };
  reload: () => Promise<T | undefined>;
}) {
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
  const [staleMessage, setStaleMessage] = useState<string | null>(null);

  const onSubmit = async (values: T) => {
    try {
      const saved = await save(values);
      setStaleMessage(null);
      form.reset(saved);
      toast({ title: t('adminSite.justSaved'), description: texts.saved });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setStaleMessage(refusal(error.serverMessage ?? SITE_STALE_EDIT_MESSAGE));
      } else if (error instanceof ApiError && error.status === 400) {
        for (const issue of serverIssues(error)) {
          form.setError(issue.path.join('.') as Path<T>, { type: 'server', message: issue.message });
        }
      }
      toast({
        variant: 'destructive',
        title: t('adminSite.notSaved'),
        description: error instanceof ApiError && error.serverMessage ? refusal(error.serverMessage) : texts.notSaved,
      });
    }
  };

  const onReload = async () => {
    const latest = await reload();
    if (latest) form.reset(latest);
    setStaleMessage(null);
  };

  return { onSubmit, staleMessage, onReload };
}

export { StaleNotice } from '@/components/stale-notice';

/** The screen's frame: heading, the stale notice, the fields and one Save button. */
export function SettingsFormFrame({
  title,
  description,
  onSubmit,
  submitting,
  stale,
  children,
}: {
  title: string;
  description: string;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  submitting: boolean;
  stale: ReactNode;
  children: ReactNode;
}) {
  const { t } = useAdminT();
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{description}</p>
      </div>
      {stale}
      <form noValidate onSubmit={onSubmit} className="grid gap-6">
        {children}
        <div className="sticky bottom-0 -mx-4 border-t bg-muted/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border">
          <Button type="submit" disabled={submitting}>
            <Save aria-hidden="true" />
            {submitting ? t('adminSite.saving') : t('adminSite.save')}
          </Button>
        </div>
      </form>
    </div>
  );
}
