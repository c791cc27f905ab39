import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FileSpreadsheet, Plus } from 'lucide-react';
import type { Installation } from '@capstan/shared';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { ADMIN_TITLES } from '@/config/admin-titles';
import { paths } from '@/config/paths';
import { useCan } from '@/hooks/use-can';
import { formatIndianNumber } from '@/lib/format';
import { useAdminT } from '@/lib/i18n/admin';
import { useInstallations } from '../api/get-installations';
import { useFormats } from '../lib/labels';
import { AmcSummary, WarrantyBadge } from './status-badges';

/** Typing settles for this long before the server is asked. */
const SEARCH_DELAY_MS = 300;

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/**
 * The register of installed machines: searched by serial, customer, phone or model (`?q=` in the
 * URL, so Back and a shared link keep it), a page at a time; a table on wide screens, cards on a phone.
 */
export function InstallationsScreen() {
  const translator = useAdminT();
  const { t } = translator;
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const page = pageOf(params.get('page'));
  const [search, setSearch] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  // Back, Forward or a link changed the search: the box shows it (unless it already says it).
  if (q !== shownQ) {
    setShownQ(q);
    if (search.trim() !== q) setSearch(q);
  }
  const searchId = useId();
  const canManage = useCan('installations.manage');
  const installations = useInstallations({ q, page });

  // The URL follows the box once typing settles; a new search starts at its first page.
  useEffect(() => {
    const next = search.trim();
    if (next === q) return;
    const timer = setTimeout(() => setParams(next === '' ? {} : { q: next }, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, q, setParams]);

  const goToPage = (next: number) => {
    const query: Record<string, string> = {};
    if (q !== '') query.q = q;
    if (next > 1) query.page = String(next);
    setParams(query);
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t(ADMIN_TITLES.installations)}</h1>
          <p className="text-sm text-muted-foreground">{t('adminInstallations.intro')}</p>
        </div>
        {canManage ? (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button asChild>
              <Link to={paths.admin.newInstallation}>
                <Plus aria-hidden="true" /> {t('adminInstallations.registerButton')}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.admin.installationsImport}>
                <FileSpreadsheet aria-hidden="true" /> {t('adminInstallations.importExportButton')}
              </Link>
            </Button>
          </div>
        ) : null}
      </div>
      <div className="flex flex-col gap-1.5 sm:max-w-md">
        <Label htmlFor={searchId}>{t('adminInstallations.search')}</Label>
        <Input
          id={searchId}
          type="search"
          value={search}
          autoComplete="off"
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('adminInstallations.searchPlaceholder')}
        />
      </div>
      <QueryState query={installations} errorText={t('adminInstallations.loadFailed')}>
        {(list) => {
          const pageCount = Math.max(1, Math.ceil(list.total / list.pageSize));
          if (list.installations.length === 0) {
            return (
              <p className="rounded-lg border bg-background p-6 text-muted-foreground" role="status">
                {q !== '' ? t('adminInstallations.noMatch', { q }) : t('adminInstallations.empty')}
              </p>
            );
          }
          return (
            <div className="flex flex-col gap-4" aria-busy={installations.isPlaceholderData || undefined}>
              <p className="text-sm text-muted-foreground" role="status">
                {t('adminInstallations.count', {
                  count: list.total,
                  total: formatIndianNumber(list.total, translator),
                })}
              </p>
              <InstallationsTable rows={list.installations} />
              <InstallationCards rows={list.installations} />
              <Pagination page={Math.min(page, pageCount)} pageCount={pageCount} onPage={goToPage} />
            </div>
          );
        }}
      </QueryState>
    </div>
  );
}

function InstallationsTable({ rows }: { rows: Installation[] }) {
  const { t } = useAdminT();
  const formats = useFormats();
  const head = 'px-3 py-2 text-left font-medium text-muted-foreground';
  return (
    <Card className="hidden overflow-x-auto p-0 md:block">
      <table className="w-full min-w-[56rem] text-sm">
        <caption className="sr-only">{t(ADMIN_TITLES.installations)}</caption>
        <thead className="bg-muted/50">
          <tr>
            <th scope="col" className={head}>
              {t('adminInstallations.serial')}
            </th>
            <th scope="col" className={head}>
              {t('adminInstallations.model')}
            </th>
            <th scope="col" className={head}>
              {t('adminInstallations.customer')}
            </th>
            <th scope="col" className={head}>
              {t('adminInstallations.phone')}
            </th>
            <th scope="col" className={head}>
              {t('adminInstallations.warranty')}
            </th>
            <th scope="col" className={head}>
              {t('adminInstallations.amc')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t align-top" data-testid="installation-row">
              <td className="px-3 py-2 font-mono whitespace-nowrap">
                <Link to={paths.admin.installation(row.id)} className="text-primary underline-offset-4 hover:underline">
                  {row.serial}
                </Link>
              </td>
              <td className="px-3 py-2 break-words">{row.model}</td>
              <td className="px-3 py-2 break-words">
                {row.customer.company}
                <span className="block text-xs text-muted-foreground">{row.customer.contactName}</span>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{row.customer.phone}</td>
              <td className="px-3 py-2">
                <span className="flex flex-col items-start gap-1">
                  <span className="whitespace-nowrap">{formats.day(row.warrantyEndsOn)}</span>
                  <WarrantyBadge endsOn={row.warrantyEndsOn} />
                </span>
              </td>
              <td className="px-3 py-2">
                <AmcSummary amc={row.amc} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function InstallationCards({ rows }: { rows: Installation[] }) {
  const { t } = useAdminT();
  const formats = useFormats();
  return (
    <ul className="grid gap-3 md:hidden" aria-label={t(ADMIN_TITLES.installations)}>
      {rows.map((row) => (
        <li key={row.id} className="rounded-lg border bg-background p-4" data-testid="installation-card">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <Link
              to={paths.admin.installation(row.id)}
              className="font-mono font-semibold text-primary underline-offset-4 hover:underline"
            >
              {row.serial}
            </Link>
            <span className="text-sm">{row.model}</span>
          </div>
          <p className="mt-2 break-words">
            {row.customer.company}
            <span className="text-muted-foreground"> · {row.customer.contactName}</span>
          </p>
          <p className="text-sm text-muted-foreground">{row.customer.phone}</p>
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
            <div className="grid content-start gap-1">
              <dt className="text-xs text-muted-foreground">{t('adminInstallations.warranty')}</dt>
              <dd className="flex flex-col items-start gap-1">
                <span>{formats.day(row.warrantyEndsOn)}</span>
                <WarrantyBadge endsOn={row.warrantyEndsOn} />
              </dd>
            </div>
            <div className="grid content-start gap-1">
              <dt className="text-xs text-muted-foreground">{t('adminInstallations.amc')}</dt>
              <dd>
                <AmcSummary amc={row.amc} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
