import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/lib/i18n';

/** What QueryState reads of a TanStack query (a plain or an infinite one). */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => Promise<unknown>;
}

/** Announced politely while something loads; the spinner is decoration, the words say it. */
export function LoadingStatus() {
  const { t } = useT();
  return (
    <p role="status" className="flex items-center gap-3 text-muted-foreground">
      <Spinner /> {t('ui.loading')}
    </p>
  );
}

/**
 * An admin screen's data: "Loading..." until it arrives, then the screen (`children`), or, when
 * loading failed, what could not be loaded and a Retry that asks again without reloading the page.
 * A failed refresh of data already shown is reported too rather than leaving stale figures unmarked.
 */
export function QueryState<T>({
  query,
  errorText,
  children,
}: {
  query: QueryLike<T>;
  /** Names what failed, e.g. "Could not load the outbox." */
  errorText: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useT();
  if (query.isPending) return <LoadingStatus />;
  if (query.isError || query.data === undefined) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border bg-background p-6">
        <p className="text-destructive">{errorText}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t('ui.retry')}
        </Button>
      </div>
    );
  }
  return children(query.data);
}
