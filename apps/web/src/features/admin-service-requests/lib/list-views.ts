import type { ServiceRequestListParams } from '../api/get-service-requests';
import type { AdminMessageKey } from '@/lib/i18n/admin';

/** The list's views, in the order of its tabs: the flow's steps, then the overdue ones and all. */
export const LIST_VIEWS = ['open', 'new', 'assigned', 'scheduled', 'resolved', 'closed', 'overdue', 'all'] as const;
export type ListView = (typeof LIST_VIEWS)[number];

/** What the list opens on, and so what an address without `status` shows. */
export const DEFAULT_VIEW: ListView = 'open';

export const VIEW_LABELS: Record<ListView, AdminMessageKey> = {
  open: 'adminService.viewOpen',
  new: 'adminService.statusNew',
  assigned: 'adminService.statusAssigned',
  scheduled: 'adminService.statusScheduled',
  resolved: 'adminService.statusResolved',
  closed: 'adminService.statusClosed',
  overdue: 'adminService.viewOverdue',
  all: 'adminService.viewAll',
};

export function viewOf(value: string | null): ListView {
  return (LIST_VIEWS as readonly (string | null)[]).includes(value) ? (value as ListView) : DEFAULT_VIEW;
}

export function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page > 1 ? page : 1;
}

/** The server's query for a view: a status (`open` is the three still being handled), or the overdue ones. */
export function listParams(view: ListView, q: string, page: number): ServiceRequestListParams {
  return {
    ...(view === 'overdue' ? { overdue: true } : view === 'all' ? {} : { status: view }),
    ...(q ? { q } : {}),
    ...(page > 1 ? { page } : {}),
  };
}

/** The screen's address state: the default view, an empty search and page 1 stay out of the URL. */
export function listSearch(view: ListView, q: string, page: number): Record<string, string> {
  return {
    ...(view === DEFAULT_VIEW ? {} : { status: view }),
    ...(q ? { q } : {}),
    ...(page > 1 ? { page: String(page) } : {}),
  };
}
