import type { ImportSummary } from '@capstan/shared';
import { formatIndianNumber } from '@/lib/format';
import { useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';

function Count({ label, value, tone }: { label: string; value: number; tone?: 'bad' }) {
  const translator = useAdminT();
  return (
    <div className="rounded-md border bg-background px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={tone === 'bad' && value > 0 ? 'text-lg font-semibold text-destructive' : 'text-lg font-semibold'}>
        {formatIndianNumber(value, translator)}
      </dd>
    </div>
  );
}

/** What ImportReport reads of an import's answer: the catalogue's and the installed machines' alike. */
export type ImportReportSummary = Pick<
  ImportSummary,
  'create' | 'update' | 'unchanged' | 'invalidRows' | 'errors' | 'errorCount' | 'changes'
>;

/**
 * What a file would do: counts, every invalid cell (line, column, reason) and the first changes.
 * Shared by the importers of the back office (the catalogue, the installed machines).
 */
export function ImportReport({ summary }: { summary: ImportReportSummary }) {
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
  return (
    <div className="flex flex-col gap-4">
      <dl aria-label={t('adminImport.previewLabel')} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Count label={t('adminImport.toCreate')} value={summary.create} />
        <Count label={t('adminImport.toUpdate')} value={summary.update} />
        <Count label={t('adminImport.unchanged')} value={summary.unchanged} />
        <Count label={t('adminImport.invalidRows')} value={summary.invalidRows} tone="bad" />
      </dl>
      {summary.errorCount > 0 && (
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold text-destructive">
            {t('adminImport.problemsHeading', { errors: summary.errorCount, rows: summary.invalidRows })}
          </h3>
          <div className="max-h-80 overflow-auto rounded-md border bg-background">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('adminImport.invalidCells')}</caption>
              <thead className="sticky top-0 bg-muted">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t('adminImport.columnLine')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('adminImport.columnColumn')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('adminImport.columnReason')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {summary.errors.map((error, index) => (
                  <tr key={index} className="border-t align-top">
                    <td className="px-3 py-2 tabular-nums">{error.line}</td>
                    <td className="px-3 py-2 break-words">{error.column ?? '—'}</td>
                    <td className="px-3 py-2 break-words">{refusal(error.message)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {summary.errorCount > summary.errors.length && (
            <p className="text-sm text-muted-foreground">
              {t('adminImport.firstListed', { count: summary.errors.length })}
            </p>
          )}
        </div>
      )}
      {summary.changes.length > 0 && (
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold">
            {summary.errorCount === 0 ? t('adminImport.changes') : t('adminImport.changesOfValidRows')}
          </h3>
          <ul className="max-h-64 overflow-auto rounded-md border bg-background text-sm">
            {summary.changes.map((change) => (
              <li key={change.line} className="border-t px-3 py-2 first:border-t-0">
                <span className="text-muted-foreground tabular-nums">
                  {t('adminImport.changeLine', { line: change.line })}{' '}
                </span>
                {change.action === 'create' ? t('adminImport.changeNew') : t('adminImport.changeUpdate')}{' '}
                {change.code ? <code>{change.code}</code> : null} {change.name}
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
