import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Download, Mail, Phone } from 'lucide-react';
import {
  contactServiceLabel,
  INQUIRY_STATUSES,
  type Inquiry,
  type InquiryAssignee,
  type InquiryItemLine,
  type InquiryListQuery,
  type InquiryStatus,
  isInquiryOverdue,
} from '@capstan/shared';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { type AdminMessageKey, type AdminTranslator, useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';
import { useAssignees } from '../api/get-assignees';
import { downloadInquiriesCsv, useInquiries } from '../api/get-inquiries';
import { useUpdateInquiryStatus } from '../api/update-inquiry-status';
import { INDIAN_TIME, InquiryFollowUp, InquiryNotes, selectClass } from './inquiry-workflow';

/** When an inquiry came, in the reader's language (en-IN: "21 Nov 2026, 9:45 am"). */
export function formatReceived(iso: string, intl: AdminTranslator['intl']): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : intl.formatDate(date, INDIAN_TIME);
}

/** The label the buyer chose; older inquiries, stored without it, from the list of their time. */
export function serviceLabel(inquiry: Pick<Inquiry, 'service' | 'serviceLabel'>): string | null {
  return contactServiceLabel(inquiry);
}

// Keyed by the shared list's values: a status added there fails the types until it has a label here.
export const STATUS_LABELS: Record<InquiryStatus, AdminMessageKey> = {
  new: 'adminInquiries.statusNew',
  contacted: 'adminInquiries.statusContacted',
  quoted: 'adminInquiries.statusQuoted',
  won: 'adminInquiries.statusWon',
  closed: 'adminInquiries.statusClosed',
};

// Keyed by the item kinds: a kind added there fails the types until it has a label here.
const KIND_LABELS: Record<InquiryItemLine['kind'], AdminMessageKey> = {
  machine: 'adminInquiries.kindMachine',
  spare: 'adminInquiries.kindSpare',
  service: 'adminInquiries.kindService',
};

const ALL = 'all';
type Filter = InquiryStatus | typeof ALL;

function isStatus(value: string): value is InquiryStatus {
  return (INQUIRY_STATUSES as readonly string[]).includes(value);
}

/** Typing settles for this long before the server is asked. */
const SEARCH_DELAY_MS = 300;

/** What the app shows of an inquiry's quotations under its lines (issue 39). */
export type InquiryQuotationsSlot = (inquiry: { id: string; name: string }) => ReactNode;

/**
 * `focusId`: the inquiry a link opened (the staff notification email links to it); shown and focused.
 * `quotations`: each inquiry's quotations and "Prepare quotation", composed in app/ because features
 * do not import each other.
 */
export function AdminInquiries({ focusId, quotations }: { focusId?: string; quotations?: InquiryQuotationsSlot } = {}) {
  const [filter, setFilter] = useState<Filter>(ALL);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  /** '' anyone, 'me', 'none' or a staff account's id (the server's `assignee`). */
  const [assignee, setAssignee] = useState('');
  const [overdue, setOverdue] = useState(false);
  const assignees = useAssignees();
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const query: InquiryListQuery = {
    ...(q ? { q } : {}),
    ...(filter !== ALL ? { status: filter } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(assignee ? { assignee } : {}),
    ...(overdue ? { overdue: true } : {}),
  };
  const filtered = Object.keys(query).length > 0;
  const inquiries = useInquiries(query);
  const [exporting, setExporting] = useState(false);
  const searchId = useId();
  const fromId = useId();
  const toId = useId();
  const assigneeFilterId = useId();
  const focused = useRef<HTMLLIElement>(null);
  const loaded = inquiries.data !== undefined;
  useEffect(() => {
    if (!loaded || !focusId || !focused.current) return;
    focused.current.scrollIntoView?.({ block: 'start' });
    focused.current.focus();
  }, [loaded, focusId]);
  const filterId = useId();
  const update = useUpdateInquiryStatus({
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t('adminInquiries.statusUpdateFailed'),
        description:
          error instanceof ApiError && error.serverMessage
            ? refusal(error.serverMessage)
            : t('adminInquiries.tryAgain'),
      }),
  });

  const shown = inquiries.data ?? [];

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadInquiriesCsv(query);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('adminInquiries.exportFailed'),
        description:
          error instanceof ApiError && error.serverMessage
            ? refusal(error.serverMessage)
            : t('adminInquiries.tryAgain'),
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('adminInquiries.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('adminInquiries.intro')}</p>
        </div>
        <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting} className="self-start">
          <Download aria-hidden="true" /> {exporting ? t('adminInquiries.exporting') : t('adminInquiries.exportCsv')}
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={searchId}>{t('adminInquiries.search')}</Label>
          <Input
            id={searchId}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('adminInquiries.searchPlaceholder')}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={filterId}>{t('adminInquiries.filterByStatus')}</Label>
          <select
            id={filterId}
            className={selectClass}
            value={filter}
            onChange={(e) => setFilter(isStatus(e.target.value) ? e.target.value : ALL)}
          >
            <option value={ALL}>{t('adminInquiries.allStatuses')}</option>
            {INQUIRY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(STATUS_LABELS[s])}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={fromId}>{t('adminInquiries.receivedFrom')}</Label>
          <Input id={fromId} type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={toId}>{t('adminInquiries.receivedTo')}</Label>
          <Input id={toId} type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={assigneeFilterId}>{t('adminInquiries.assignedTo')}</Label>
          <select
            id={assigneeFilterId}
            className={selectClass}
            value={assignee}
            onChange={(e) => setAssignee(e.target.value)}
          >
            <option value="">{t('adminInquiries.anyone')}</option>
            <option value="me">{t('adminInquiries.me')}</option>
            <option value="none">{t('adminInquiries.nobody')}</option>
            {(assignees.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.email}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <span className="text-sm leading-none font-medium" aria-hidden="true">
            {t('adminInquiries.view')}
          </span>
          <Button
            type="button"
            variant={overdue ? 'default' : 'outline'}
            aria-pressed={overdue}
            onClick={() => setOverdue((on) => !on)}
          >
            {t('adminInquiries.overdueOnly')}
          </Button>
        </div>
      </div>

      <QueryState query={inquiries} errorText={t('adminInquiries.loadFailed')}>
        {() =>
          shown.length === 0 && !filtered ? (
            <p className="rounded-lg border bg-background p-6 text-muted-foreground">{t('adminInquiries.empty')}</p>
          ) : shown.length === 0 ? (
            <p className="rounded-lg border bg-background p-6 text-muted-foreground">
              {filter !== ALL && Object.keys(query).length === 1
                ? t('adminInquiries.emptyWithStatus', { status: t(STATUS_LABELS[filter]) })
                : t('adminInquiries.noMatch')}
            </p>
          ) : (
            <ul className="flex flex-col gap-4" aria-label={t('adminInquiries.title')}>
              {shown.map((inquiry) => (
                <li
                  key={inquiry.id}
                  {...(inquiry.id === focusId
                    ? {
                        ref: focused,
                        tabIndex: -1,
                        'aria-current': 'true' as const,
                        className: 'rounded-xl ring-2 ring-primary ring-offset-2 outline-none',
                      }
                    : {})}
                >
                  <InquiryCard
                    inquiry={inquiry}
                    assignees={assignees.data ?? []}
                    quotations={quotations}
                    onStatusChange={(status) => update.mutate({ id: inquiry.id, status })}
                  />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </div>
  );
}

function InquiryCard({
  inquiry,
  assignees,
  quotations,
  onStatusChange,
}: {
  inquiry: Inquiry;
  assignees: InquiryAssignee[];
  quotations: InquiryQuotationsSlot | undefined;
  onStatusChange: (status: InquiryStatus) => void;
}) {
  const statusId = useId();
  const { t, rich, intl } = useAdminT();
  const name = `${inquiry.firstName} ${inquiry.lastName}`.trim();
  const service = serviceLabel(inquiry);

  // Everything a visitor typed goes through React text nodes: never rendered as HTML.
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold break-words">
            {name}
            {inquiry.status === 'new' ? <Badge>{t('adminInquiries.statusNew')}</Badge> : null}
            {isInquiryOverdue(inquiry) ? <Badge variant="destructive">{t('adminInquiries.overdue')}</Badge> : null}
          </h2>
          <p className="text-xs text-muted-foreground">
            {inquiry.reference ? <span className="font-medium text-foreground">{inquiry.reference}</span> : null}
            {inquiry.reference ? ' · ' : null}
            {rich('adminInquiries.received', {
              date: formatReceived(inquiry.createdAt, intl),
              // Keyed: the message comes back as a list of parts.
              time: (chunks) => (
                <time key="time" dateTime={inquiry.createdAt}>
                  {chunks}
                </time>
              ),
            })}
            {/* A quote list's request (issue 39): how many lines, at a glance in the list. */}
            {inquiry.items.length > 0 ? (
              <>
                {' · '}
                <span className="font-medium text-foreground">
                  {t('adminInquiries.itemCount', { count: inquiry.items.length })}
                </span>
              </>
            ) : null}
          </p>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={statusId}>{t('adminInquiries.status')}</Label>
          <select
            id={statusId}
            aria-label={t('adminInquiries.statusFor', { name })}
            className={selectClass}
            value={inquiry.status}
            onChange={(e) => {
              if (isStatus(e.target.value)) onStatusChange(e.target.value);
            }}
          >
            {INQUIRY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(STATUS_LABELS[s])}
              </option>
            ))}
          </select>
        </div>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-muted-foreground">{t('adminInquiries.email')}</dt>
          <dd>
            <a
              href={`mailto:${inquiry.email}`}
              className="inline-flex items-center gap-1 break-all text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              {inquiry.email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('adminInquiries.phone')}</dt>
          <dd>
            <a
              href={`tel:${inquiry.phone.replace(/[^0-9+]/g, '')}`}
              className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <Phone aria-hidden="true" className="size-4 shrink-0" />
              {inquiry.phone}
            </a>
          </dd>
        </div>
        {service ? (
          <div>
            <dt className="text-muted-foreground">{t('adminInquiries.service')}</dt>
            <dd>{service}</dd>
          </div>
        ) : null}
        {inquiry.product ? (
          <div className="min-w-0">
            <dt className="text-muted-foreground">{t('adminInquiries.product')}</dt>
            <dd className="break-words">{inquiry.product}</dd>
          </div>
        ) : null}
      </dl>
      {inquiry.items.length > 0 ? <InquiryItems items={inquiry.items} name={name} /> : null}
      {quotations?.({ id: inquiry.id, name })}
      <div className="text-sm">
        <p className="text-muted-foreground">{t('adminInquiries.message')}</p>
        <p className="mt-1 rounded-md bg-muted p-3 break-words whitespace-pre-wrap">{inquiry.message}</p>
      </div>
      <InquiryFollowUp inquiry={inquiry} name={name} assignees={assignees} />
      <InquiryNotes inquiry={inquiry} name={name} />
    </Card>
  );
}

/** The lines of a quote list's request, as the buyer sent them (the items' names and codes of that day). */
function InquiryItems({ items, name }: { items: readonly InquiryItemLine[]; name: string }) {
  const { t, intl } = useAdminT();
  const head = 'px-3 py-2 font-medium text-muted-foreground';
  return (
    <div className="text-sm">
      <p className="text-muted-foreground">{t('adminInquiries.items')}</p>
      <div className="mt-1 overflow-x-auto rounded-md border">
        <table className="w-full text-left">
          <caption className="sr-only">{t('adminInquiries.itemsOf', { name })}</caption>
          <thead className="bg-muted/50">
            <tr>
              <th scope="col" className={head}>
                {t('adminInquiries.itemCode')}
              </th>
              <th scope="col" className={head}>
                {t('adminInquiries.itemName')}
              </th>
              <th scope="col" className={head}>
                {t('adminInquiries.itemKind')}
              </th>
              <th scope="col" className={`${head} text-right`}>
                {t('adminInquiries.itemQuantity')}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((line) => (
              <tr key={line.id} className="border-t">
                <td className="px-3 py-2 font-mono whitespace-nowrap">{line.code ?? '—'}</td>
                <td className="px-3 py-2 break-words">{line.name}</td>
                <td className="px-3 py-2 whitespace-nowrap">{t(KIND_LABELS[line.kind])}</td>
                <td className="px-3 py-2 text-right tabular-nums">{intl.formatNumber(line.quantity)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
