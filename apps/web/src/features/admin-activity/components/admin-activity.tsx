import { Fragment, useId, useState } from 'react';
import { Link } from 'react-router';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@capstan/shared';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAdminT } from '@/lib/i18n/admin';
import { useActivity } from '../api/get-activity';
import { describeChanges } from '../lib/describe-change';
import { formatExactTime, formatRelativeTime } from '../lib/format-time';
import { ACTION_LABELS, TARGET_LABELS } from '../lib/labels';

const ALL = 'all';

const selectClass =
  'h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none';

function isAction(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** Where a target is edited, when the screen for it exists. */
function targetHref(target: NonNullable<AuditEntry['target']>): string | null {
  if (!target.exists) return null;
  switch (target.type) {
    case 'machine':
      return paths.admin.editProduct(target.id);
    case 'spare':
      return paths.admin.editSparePart(target.id);
    case 'service':
      return paths.admin.editService(target.id);
    case 'inquiry':
      return paths.admin.inquiries;
    case 'review':
      return paths.admin.reviews;
    case 'email':
      return paths.admin.outbox;
    case 'backup':
      return paths.admin.siteBackups;
    case 'installation':
      return paths.admin.installation(target.id);
    case 'service_request':
      return paths.admin.serviceRequest(target.id);
    default:
      return null;
  }
}

export function AdminActivity() {
  const { t } = useAdminT();
  const [action, setAction] = useState<AuditAction | undefined>(undefined);
  const filterId = useId();
  const activity = useActivity(action);
  // Relative times are measured from when the page was opened (or refreshed), not re-ticked.
  const [now] = useState(() => Date.now());

  const entries = activity.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('adminActivity.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('adminActivity.intro')}</p>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={filterId}>{t('adminActivity.filterLabel')}</Label>
          <select
            id={filterId}
            className={selectClass}
            value={action ?? ALL}
            onChange={(e) => setAction(isAction(e.target.value) ? e.target.value : undefined)}
          >
            <option value={ALL}>{t('adminActivity.allActions')}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {t(ACTION_LABELS[a])}
              </option>
            ))}
          </select>
        </div>
      </div>

      <QueryState query={activity} errorText={t('adminActivity.loadProblem')}>
        {() =>
          entries.length === 0 ? (
            <p className="rounded-lg border bg-background p-6 text-muted-foreground">
              {action
                ? t('adminActivity.emptyFiltered', { action: t(ACTION_LABELS[action]) })
                : t('adminActivity.empty')}
            </p>
          ) : (
            <>
              {/* Phones get cards: six columns in 390 px broke emails every few letters. */}
              <ul aria-label={t('adminActivity.entriesLabel')} className="flex flex-col gap-3 sm:hidden">
                {entries.map((entry) => (
                  <ActivityCard key={entry.id} entry={entry} now={now} />
                ))}
              </ul>
              {/* Focusable, so keyboard users can scroll it sideways when it is wider than the screen. */}
              <div
                role="region"
                aria-label={t('adminActivity.tableLabel')}
                tabIndex={0}
                className="hidden overflow-x-auto rounded-lg border bg-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:block"
              >
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">{t('adminActivity.title')}</caption>
                  <thead className="border-b bg-muted/50 text-xs text-muted-foreground uppercase">
                    <tr>
                      <th scope="col" className="px-3 py-2 font-medium">
                        {t('adminActivity.columnTime')}
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        {t('adminActivity.columnWho')}
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        {t('adminActivity.columnAddress')}
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        {t('adminActivity.columnAction')}
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        {t('adminActivity.columnTarget')}
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        {t('adminActivity.columnChanges')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {entries.map((entry) => (
                      <ActivityRow key={entry.id} entry={entry} now={now} />
                    ))}
                  </tbody>
                </table>
              </div>
              {activity.hasNextPage ? (
                <Button
                  variant="outline"
                  className="self-center"
                  disabled={activity.isFetchingNextPage}
                  onClick={() => void activity.fetchNextPage()}
                >
                  {activity.isFetchingNextPage ? <Spinner /> : null} {t('adminActivity.loadOlder')}
                </Button>
              ) : null}
              {activity.isFetchNextPageError ? (
                <p role="alert" className="text-center text-sm text-destructive">
                  {t('adminActivity.loadOlderFailed')}
                </p>
              ) : null}
            </>
          )
        }
      </QueryState>
    </div>
  );
}

/** An email that may wrap only after its "@" and before its dots, never inside a word. */
function Email({ email }: { email: string }) {
  const at = email.indexOf('@');
  const [first = '', ...rest] = (at < 0 ? '' : email.slice(at + 1)).split('.');
  if (at < 0) return <span>{email}</span>;
  // Text and <wbr> only, as siblings: the address stays one text to find and to read out.
  return (
    <span>
      {email.slice(0, at + 1)}
      <wbr />
      {first}
      {rest.map((part, i) => (
        <Fragment key={i}>
          <wbr />
          {`.${part}`}
        </Fragment>
      ))}
    </span>
  );
}

function Actor({ entry }: { entry: AuditEntry }) {
  const { t } = useAdminT();
  return (
    <>
      {entry.actor.email ? <Email email={entry.actor.email} /> : t('adminActivity.unknownActor')}
      {entry.action === 'auth.sign_in_failed' ? (
        <span className="block text-xs text-muted-foreground">{t('adminActivity.attempted')}</span>
      ) : null}
    </>
  );
}

function Target({ target }: { target: AuditEntry['target'] }) {
  const { t } = useAdminT();
  if (!target) return <>—</>;
  const href = targetHref(target);
  return (
    <>
      <span className="block text-xs text-muted-foreground">{t(TARGET_LABELS[target.type])}</span>
      {href ? (
        <Link to={href} className="break-words text-primary underline-offset-4 hover:underline">
          {target.label ?? target.id}
        </Link>
      ) : (
        <span className="break-words">
          {target.label ?? target.id}
          {target.exists ? null : (
            <span className="text-xs text-muted-foreground"> {t('adminActivity.noLongerExists')}</span>
          )}
        </span>
      )}
    </>
  );
}

function Changes({ entry }: { entry: AuditEntry }) {
  const translator = useAdminT();
  const { t } = translator;
  const changes = describeChanges(translator, entry.changes, entry.target?.type);
  if (changes.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="flex flex-col gap-1" aria-label={t('adminActivity.changesLabel')}>
      {changes.map((line) => (
        <li key={line.field} className="break-words">
          <span className="font-medium">{line.label}:</span> {line.before}{' '}
          <span role="img" aria-label={t('adminActivity.changedTo')}>
            →
          </span>{' '}
          {line.after}
        </li>
      ))}
    </ul>
  );
}

function When({ entry, now }: { entry: AuditEntry; now: number }) {
  const { t, locale } = useAdminT();
  return (
    <time dateTime={entry.at} title={formatExactTime(entry.at, locale)}>
      {formatRelativeTime(entry.at, now, locale, t('adminActivity.justNow'))}
    </time>
  );
}

function ActionBadge({ entry }: { entry: AuditEntry }) {
  const { t } = useAdminT();
  return (
    <Badge variant={entry.action === 'auth.sign_in_failed' ? 'destructive' : 'secondary'}>
      {t(ACTION_LABELS[entry.action])}
    </Badge>
  );
}

function ActivityRow({ entry, now }: { entry: AuditEntry; now: number }) {
  return (
    <tr className="border-b align-top last:border-b-0">
      <td className="px-3 py-2 whitespace-nowrap">
        <When entry={entry} now={now} />
      </td>
      {/* Wide enough for most addresses on one line; a longer one wraps at "@" or a dot. */}
      <td className="min-w-[14rem] px-3 py-2">
        <Actor entry={entry} />
      </td>
      <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{entry.ip ?? '—'}</td>
      <td className="px-3 py-2">
        <ActionBadge entry={entry} />
      </td>
      <td className="min-w-[10rem] px-3 py-2">
        <Target target={entry.target} />
      </td>
      <td className="min-w-[16rem] px-3 py-2">
        <Changes entry={entry} />
      </td>
    </tr>
  );
}

function ActivityCard({ entry, now }: { entry: AuditEntry; now: number }) {
  const translator = useAdminT();
  const { t } = translator;
  return (
    <li className="flex flex-col gap-2 rounded-lg border bg-background p-4 text-sm" data-testid="activity-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ActionBadge entry={entry} />
        <span className="text-muted-foreground">
          <When entry={entry} now={now} />
        </span>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">{t('adminActivity.columnWho')}</dt>
        {/* A last resort for an address longer than the card, which has no "@" or dot to wrap at. */}
        <dd className="[overflow-wrap:anywhere]">
          <Actor entry={entry} />
        </dd>
        <dt className="text-muted-foreground">{t('adminActivity.columnAddress')}</dt>
        <dd className="font-mono text-xs leading-5">{entry.ip ?? '—'}</dd>
        <dt className="text-muted-foreground">{t('adminActivity.columnTarget')}</dt>
        <dd>
          <Target target={entry.target} />
        </dd>
      </dl>
      {describeChanges(translator, entry.changes, entry.target?.type).length > 0 ? <Changes entry={entry} /> : null}
    </li>
  );
}
