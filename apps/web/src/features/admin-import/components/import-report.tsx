import type { ImportSummary } from '@capstan/shared';
import { formatIndianNumber } from '@/lib/format';

function Count({ label, value, tone }: { label: string; value: number; tone?: 'bad' }) {
  return (
    <div className="rounded-md border bg-background px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={tone === 'bad' && value > 0 ? 'text-lg font-semibold text-destructive' : 'text-lg font-semibold'}>
        {formatIndianNumber(value)}
      </dd>
    </div>
  );
}

/** What a file would do: counts, every invalid cell (line, column, reason) and the first changes. */
export function ImportReport({ summary }: { summary: ImportSummary }) {
  return (
    <div className="flex flex-col gap-4">
      <dl aria-label="Preview" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Count label="To create" value={summary.create} />
        <Count label="To update" value={summary.update} />
        <Count label="Unchanged" value={summary.unchanged} />
        <Count label="Invalid rows" value={summary.invalidRows} tone="bad" />
      </dl>
      {summary.errorCount > 0 && (
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold text-destructive">
            {formatIndianNumber(summary.errorCount)} problem{summary.errorCount === 1 ? '' : 's'} to fix in{' '}
            {formatIndianNumber(summary.invalidRows)} row{summary.invalidRows === 1 ? '' : 's'}: those rows cannot be
            imported as they are
          </h3>
          <div className="max-h-80 overflow-auto rounded-md border bg-background">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Invalid cells</caption>
              <thead className="sticky top-0 bg-muted">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Line
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Column
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Reason
                  </th>
                </tr>
              </thead>
              <tbody>
                {summary.errors.map((error, index) => (
                  <tr key={index} className="border-t align-top">
                    <td className="px-3 py-2 tabular-nums">{error.line}</td>
                    <td className="px-3 py-2 break-words">{error.column ?? '—'}</td>
                    <td className="px-3 py-2 break-words">{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {summary.errorCount > summary.errors.length && (
            <p className="text-sm text-muted-foreground">
              The first {formatIndianNumber(summary.errors.length)} are listed.
            </p>
          )}
        </div>
      )}
      {summary.changes.length > 0 && (
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold">{summary.errorCount === 0 ? 'Changes' : 'Changes of the valid rows'}</h3>
          <ul className="max-h-64 overflow-auto rounded-md border bg-background text-sm">
            {summary.changes.map((change) => (
              <li key={change.line} className="border-t px-3 py-2 first:border-t-0">
                <span className="text-muted-foreground tabular-nums">Line {change.line}: </span>
                {change.action === 'create' ? 'new' : 'update'} {change.code ? <code>{change.code}</code> : null}{' '}
                {change.name}
                {change.fields.length > 0 && (
                  <span className="text-muted-foreground"> ({change.fields.join(', ')})</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
