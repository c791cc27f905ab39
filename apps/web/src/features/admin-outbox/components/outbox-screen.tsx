import { QueryState } from '@/components/query-state';
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
      <QueryState query={outbox} errorText="Could not load the outbox.">
        {(data) => (
          <>
            <p className="text-sm">
              {formatIndianNumber(data.pending)} waiting · {formatIndianNumber(data.failed)} failed
            </p>
            <OutboxList messages={data.messages} />
          </>
        )}
      </QueryState>
    </div>
  );
}
