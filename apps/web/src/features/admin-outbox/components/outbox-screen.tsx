import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatIndianNumber } from '@/lib/format';
import { useOutbox } from '../api/get-outbox';
import { OutboxList } from './outbox-list';

/** Admin → Outbox: every email about inquiries and where it stands. */
export function OutboxScreen() {
  const outbox = useOutbox();
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Outbox</h1>
        <p className="text-sm text-muted-foreground">
          Emails about inquiries, newest first. Failed ones show why; you can send any of them again.
        </p>
      </div>
      {outbox.isPending ? (
        <p role="status" className="flex items-center gap-3 text-muted-foreground">
          <Spinner /> Loading...
        </p>
      ) : outbox.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border bg-background p-6">
          <p className="text-destructive">Could not load the outbox.</p>
          <Button variant="outline" onClick={() => void outbox.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <>
          <p className="text-sm">
            {formatIndianNumber(outbox.data.pending)} waiting · {formatIndianNumber(outbox.data.failed)} failed
          </p>
          <OutboxList messages={outbox.data.messages} />
        </>
      )}
    </div>
  );
}
