import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, CalendarPlus, Pencil, Plus, Trash2 } from 'lucide-react';
import {
  type AmcContract,
  type AmcVisit,
  amcVisitsLeft,
  gstStateName,
  type InstallationDetail,
  isGstStateCode,
} from '@capstan/shared';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useCan } from '@/hooks/use-can';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';
import { useDeleteAmcVisit } from '../api/amc-contracts';
import { useInstallation } from '../api/get-installation';
import { contractFields, newContractFields } from '../lib/amc-form';
import { customerLanguageName, SERVICE_STATUS_LABELS, useFormats } from '../lib/labels';
import { AmcContractForm } from './amc-contract-form';
import { AmcVisitForm } from './amc-visit-form';
import { AmcStatusBadge, WarrantyBadge } from './status-badges';

/** One installed machine: its facts and customer, warranty, AMC contracts with their visits, and service requests. */
export function InstallationScreen({ installationId }: { installationId: string }) {
  const { t } = useAdminT();
  const installation = useInstallation(installationId);
  return (
    <QueryState query={installation} errorText={t('adminInstallations.loadOneFailed')}>
      {(detail) => <InstallationDetails installation={detail} />}
    </QueryState>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

const NONE = '—';

function InstallationDetails({ installation }: { installation: InstallationDetail }) {
  const { t, locale } = useAdminT();
  const formats = useFormats();
  const canManage = useCan('installations.manage');
  const [adding, setAdding] = useState(false);
  const { customer } = installation;
  const state = customer.state && isGstStateCode(customer.state) ? gstStateName(customer.state, locale) : null;

  return (
    <section className="mx-auto grid w-full max-w-6xl gap-6">
      <div className="grid gap-3">
        <Link
          to={paths.admin.installations}
          className="inline-flex items-center gap-1 justify-self-start rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('adminInstallations.backToList')}
        </Link>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h1 className="font-mono text-2xl font-bold tracking-tight break-all">{installation.serial}</h1>
            <p className="text-muted-foreground">{installation.model}</p>
          </div>
          {canManage ? (
            <Button asChild variant="outline" className="self-start">
              <Link to={paths.admin.editInstallation(installation.id)}>
                <Pencil aria-hidden="true" /> {t('adminInstallations.edit')}
              </Link>
            </Button>
          ) : null}
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <section
          aria-labelledby="installation-machine"
          className="grid content-start gap-4 rounded-lg border bg-background p-4 sm:p-5"
        >
          <h2 id="installation-machine" className="text-lg font-semibold">
            {t('adminInstallations.machineLegend')}
          </h2>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Fact label={t('adminInstallations.warranty')}>
              <span className="flex flex-wrap items-center gap-2">
                {t('adminInstallations.warrantyUntil', {
                  date: formats.day(installation.warrantyEndsOn),
                  months: installation.warrantyMonths,
                })}
                <WarrantyBadge endsOn={installation.warrantyEndsOn} />
              </span>
            </Fact>
            <Fact label={t('adminInstallations.commissionedOn')}>{formats.day(installation.commissionedOn)}</Fact>
            <Fact label={t('adminInstallations.controlMake')}>{installation.controlMake ?? NONE}</Fact>
            <Fact label={t('adminInstallations.invoice')}>
              {installation.invoiceNumber || installation.invoiceDate
                ? [installation.invoiceNumber, installation.invoiceDate ? formats.day(installation.invoiceDate) : null]
                    .filter(Boolean)
                    .join(' · ')
                : NONE}
            </Fact>
            {installation.notes ? (
              <div className="sm:col-span-2">
                <Fact label={t('adminInstallations.notes')}>
                  <span className="whitespace-pre-line">{installation.notes}</span>
                </Fact>
              </div>
            ) : null}
          </dl>
        </section>

        <section
          aria-labelledby="installation-customer"
          className="grid content-start gap-4 rounded-lg border bg-background p-4 sm:p-5"
        >
          <h2 id="installation-customer" className="text-lg font-semibold">
            {t('adminInstallations.customerLegend')}
          </h2>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Fact label={t('adminInstallations.company')}>{customer.company}</Fact>
            <Fact label={t('adminInstallations.contactName')}>{customer.contactName}</Fact>
            <Fact label={t('adminInstallations.phone')}>
              <a href={`tel:${customer.phone.replace(/[^\d+]/g, '')}`} className="text-primary hover:underline">
                {customer.phone}
              </a>
            </Fact>
            <Fact label={t('adminInstallations.email')}>
              {customer.email ? (
                <a href={`mailto:${customer.email}`} className="break-all text-primary hover:underline">
                  {customer.email}
                </a>
              ) : (
                NONE
              )}
            </Fact>
            <Fact label={t('adminInstallations.gstin')}>
              <span className="font-mono">{customer.gstin ?? NONE}</span>
            </Fact>
            <Fact label={t('adminInstallations.state')}>{state ?? NONE}</Fact>
            <Fact label={t('adminInstallations.emailLanguage')}>
              <span lang={customer.language}>{customerLanguageName(customer.language)}</span>
            </Fact>
            <div className="sm:col-span-2">
              <Fact label={t('adminInstallations.siteAddress')}>
                <span className="whitespace-pre-line">{customer.address ?? NONE}</span>
              </Fact>
            </div>
          </dl>
        </section>
      </div>

      <section aria-labelledby="installation-amc" className="grid gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="installation-amc" className="text-lg font-semibold">
            {t('adminInstallations.amcContracts')}
          </h2>
          {canManage && !adding ? (
            <Button variant="outline" className="self-start" onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" /> {t('adminInstallations.addContract')}
            </Button>
          ) : null}
        </div>
        {adding ? (
          <AmcContractForm
            installationId={installation.id}
            defaults={newContractFields(installation)}
            onDone={() => setAdding(false)}
          />
        ) : null}
        {installation.amcContracts.length === 0 ? (
          <p className="rounded-lg border bg-background p-4 text-muted-foreground">
            {t('adminInstallations.noContracts')}
          </p>
        ) : (
          <ul className="grid gap-4">
            {installation.amcContracts.map((contract) => (
              <li key={contract.id}>
                <ContractCard installationId={installation.id} contract={contract} canManage={canManage} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <ServiceRequests requests={installation.serviceRequests} />
    </section>
  );
}

function ContractCard({
  installationId,
  contract,
  canManage,
}: {
  installationId: string;
  contract: AmcContract;
  canManage: boolean;
}) {
  const { t } = useAdminT();
  const formats = useFormats();
  const [editing, setEditing] = useState(false);
  const [recording, setRecording] = useState(false);
  const period = t('adminInstallations.contractPeriod', {
    start: formats.day(contract.startsOn),
    end: formats.day(contract.endsOn),
  });

  if (editing) {
    return (
      <AmcContractForm
        installationId={installationId}
        contract={contract}
        defaults={contractFields(contract)}
        onDone={() => setEditing(false)}
      />
    );
  }
  return (
    <article
      aria-label={t('adminInstallations.contractNamed', { period })}
      className="grid content-start gap-4 rounded-lg border bg-background p-4 sm:p-5"
      data-testid="amc-contract"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold">
          {period} <AmcStatusBadge status={contract.status} />
        </h3>
        {canManage ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" /> {t('adminInstallations.editContract')}
            </Button>
            {recording ? null : (
              <Button size="sm" onClick={() => setRecording(true)}>
                <CalendarPlus aria-hidden="true" /> {t('adminInstallations.recordVisit')}
              </Button>
            )}
          </div>
        ) : null}
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Fact label={t('adminInstallations.visitsIncluded')}>{contract.visitsIncluded}</Fact>
        <Fact label={t('adminInstallations.visitsDone')}>{contract.visitsDone}</Fact>
        <Fact label={t('adminInstallations.visitsLeft')}>
          <span data-testid="visits-left">{amcVisitsLeft(contract)}</span>
        </Fact>
        <Fact label={t('adminInstallations.value')}>
          <span className="tabular-nums">{contract.value === null ? NONE : formats.rupees(contract.value)}</span>
        </Fact>
      </dl>
      {contract.notes ? <p className="text-sm whitespace-pre-line">{contract.notes}</p> : null}
      {recording ? (
        <AmcVisitForm installationId={installationId} contract={contract} onDone={() => setRecording(false)} />
      ) : null}
      <VisitHistory installationId={installationId} visits={contract.visits} canManage={canManage} />
    </article>
  );
}

function VisitHistory({
  installationId,
  visits,
  canManage,
}: {
  installationId: string;
  visits: AmcVisit[];
  canManage: boolean;
}) {
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
  const formats = useFormats();
  const remove = useDeleteAmcVisit(installationId);
  const [deleting, setDeleting] = useState<AmcVisit | null>(null);
  const ordered = [...visits].sort((a, b) => b.visitedOn.localeCompare(a.visitedOn));

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { visitId: deleting.id },
      {
        onSuccess: () => {
          setDeleting(null);
          toast({ title: t('adminInstallations.visitDeleted') });
        },
        onError: (error) => {
          setDeleting(null);
          toast({
            variant: 'destructive',
            title: t('adminInstallations.visitNotDeleted'),
            description:
              error instanceof ApiError && error.serverMessage
                ? refusal(error.serverMessage)
                : t('adminInstallations.tryAgain'),
          });
        },
      },
    );
  };

  return (
    <div className="grid gap-2">
      <h4 className="text-sm font-semibold">{t('adminInstallations.visitHistory')}</h4>
      {ordered.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('adminInstallations.noVisits')}</p>
      ) : (
        <ol className="grid gap-2" aria-label={t('adminInstallations.visitHistory')}>
          {ordered.map((visit) => (
            <li key={visit.id} className="rounded-md border p-3 text-sm" data-testid="amc-visit">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="font-medium">
                  {t('adminInstallations.visitBy', {
                    date: formats.day(visit.visitedOn),
                    engineer: visit.engineerName,
                  })}
                </p>
                {canManage ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('adminInstallations.deleteVisitNamed', { date: formats.day(visit.visitedOn) })}
                    onClick={() => setDeleting(visit)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                ) : null}
              </div>
              {visit.notes ? <p className="mt-1 whitespace-pre-line">{visit.notes}</p> : null}
              {visit.partsUsed.length > 0 ? (
                <ul
                  className="mt-2 list-inside list-disc text-muted-foreground"
                  aria-label={t('adminInstallations.partsUsed')}
                >
                  {visit.partsUsed.map((part, index) => (
                    <li key={`${part.itemId ?? part.description}-${index}`}>
                      {t('adminInstallations.partLine', { part: part.description, quantity: part.quantity })}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <ConfirmDeleteDialog
        open={deleting !== null}
        title={t('adminInstallations.deleteVisitTitle')}
        description={
          deleting
            ? t('adminInstallations.deleteVisitText', {
                date: formats.day(deleting.visitedOn),
                engineer: deleting.engineerName,
              })
            : ''
        }
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

function ServiceRequests({ requests }: { requests: InstallationDetail['serviceRequests'] }) {
  const { t } = useAdminT();
  const formats = useFormats();
  return (
    <section aria-labelledby="installation-service" className="grid gap-4">
      <h2 id="installation-service" className="text-lg font-semibold">
        {t('adminInstallations.serviceRequests')}
      </h2>
      {requests.length === 0 ? (
        <p className="rounded-lg border bg-background p-4 text-muted-foreground">
          {t('adminInstallations.noServiceRequests')}
        </p>
      ) : (
        <ul className="grid gap-2">
          {requests.map((request) => (
            <li
              key={request.id}
              className="grid gap-1 rounded-md border bg-background p-3 text-sm sm:grid-cols-[10rem_8rem_8rem_1fr] sm:items-center sm:gap-3"
              data-testid="service-request"
            >
              <Link
                to={paths.admin.serviceRequest(request.id)}
                className="font-mono font-medium text-primary underline-offset-4 hover:underline"
              >
                {request.reference}
              </Link>
              <span>
                <Badge variant={request.status === 'closed' ? 'outline' : 'secondary'} data-status={request.status}>
                  {t(SERVICE_STATUS_LABELS[request.status])}
                </Badge>
              </span>
              <span className="text-muted-foreground">{formats.day(request.createdAt)}</span>
              <span className="line-clamp-2 break-words">{request.symptom}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
