import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useAdminT } from '@/lib/i18n/admin';
import { StaleEditNotice } from './stale-edit-notice';

/**
 * Reload after a refused save (stale edit): refetches the item, then bumps the key that remounts
 * the fields, so they start again from the stored version.
 */
export function useReloadKey(refetch: () => Promise<unknown>) {
  const [generation, setGeneration] = useState(0);
  const reload = async () => {
    await refetch();
    setGeneration((current) => current + 1);
  };
  return { generation, reload };
}

interface ItemFormPageProps {
  backTo: string;
  heading: string;
  /** The load failed: this text instead of the form. */
  error: string | null;
  loading: boolean;
  children: ReactNode;
}

/** The page around every item form: the way back, the heading, and the load's states. */
export function ItemFormPage({ backTo, heading, error, loading, children }: ItemFormPageProps) {
  const { t } = useAdminT();
  return (
    <section className="mx-auto w-full max-w-3xl space-y-6">
      <div className="space-y-3">
        <Link
          to={backTo}
          className="inline-flex items-center gap-1 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('adminItemForms.backToProducts')}
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">{heading}</h1>
      </div>
      {error !== null ? (
        <p role="alert" className="rounded-md border border-destructive/40 p-4 text-destructive">
          {error}
        </p>
      ) : loading ? (
        <p className="flex items-center gap-2 text-muted-foreground" role="status">
          <Spinner />
          {t('ui.loading')}
        </p>
      ) : (
        children
      )}
    </section>
  );
}

interface ItemFormFrameProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Set after a save was refused because the item changed meanwhile. */
  staleMessage: string | null;
  onReload: () => Promise<void>;
  featured: UseFormRegisterReturn<'featured'>;
  /** The edit form's delete button; absent on a create. */
  deleteButton: ReactNode;
  cancelTo: string;
  saving: boolean;
  submitLabel: string;
  children: ReactNode;
}

/** The form of every item: the stale-edit notice, the fields, Featured, then Delete, Cancel and Save. */
export function ItemFormFrame({
  onSubmit,
  staleMessage,
  onReload,
  featured,
  deleteButton,
  cancelTo,
  saving,
  submitLabel,
  children,
}: ItemFormFrameProps) {
  const { t } = useAdminT();
  const featuredId = useId();
  return (
    <form onSubmit={onSubmit} className="space-y-6 rounded-lg border bg-background p-4 shadow-sm sm:p-6">
      {staleMessage !== null ? <StaleEditNotice message={staleMessage} onReload={onReload} /> : null}
      {children}
      <div className="flex items-center gap-2">
        <input
          id={featuredId}
          type="checkbox"
          {...featured}
          className="size-4 rounded border-input accent-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        />
        <Label htmlFor={featuredId}>{t('adminItemForms.featured')}</Label>
      </div>

      <div className="flex flex-col-reverse gap-3 border-t pt-4 sm:flex-row sm:justify-between">
        {deleteButton ?? <span />}
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          <Button variant="outline" asChild>
            <Link to={cancelTo}>{t('ui.cancel')}</Link>
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? t('adminItemForms.saving') : submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
