import type { ServiceReport } from '@capstan/shared';
import { useAdminT } from '@/lib/i18n/admin';

/** The report a closed request was closed with, as the customer's PDF prints it. */
export function ReportView({ report }: { report: ServiceReport }) {
  const { t, intl } = useAdminT();
  const head = 'px-3 py-2 text-left font-medium text-muted-foreground';
  return (
    <section className="grid content-start gap-3 rounded-lg border bg-card p-4 text-sm sm:p-5">
      <h2 className="text-base font-semibold">{t('adminService.reportTitle')}</h2>
      <div>
        <h3 className="text-muted-foreground">{t('adminService.workDone')}</h3>
        <p className="mt-1 break-words whitespace-pre-wrap">{report.workDone}</p>
      </div>
      <div>
        <h3 className="text-muted-foreground">{t('adminService.partsUsed')}</h3>
        {report.partsUsed.length === 0 ? (
          <p className="mt-1">{t('adminService.noParts')}</p>
        ) : (
          <div className="mt-1 overflow-x-auto rounded-md border">
            <table className="w-full">
              <caption className="sr-only">{t('adminService.partsUsed')}</caption>
              <thead className="bg-muted/50">
                <tr>
                  <th scope="col" className={head}>
                    {t('adminService.part')}
                  </th>
                  <th scope="col" className={`${head} text-right`}>
                    {t('adminService.quantity')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.partsUsed.map((part, index) => (
                  <tr key={`${part.itemId ?? 'typed'}-${index}`} className="border-t">
                    <td className="px-3 py-2 break-words">{part.description}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{intl.formatNumber(part.quantity)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <dl>
        <dt className="text-muted-foreground">{t('adminService.hours')}</dt>
        <dd className="mt-1">{report.hours === null ? '—' : t('adminService.hoursValue', { hours: report.hours })}</dd>
      </dl>
    </section>
  );
}
