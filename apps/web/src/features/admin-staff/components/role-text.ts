import type { StaffRole } from '@capstan/shared';

export const ROLE_SUMMARIES: Record<StaffRole, string> = {
  owner: 'everything, including staff and company settings.',
  editor: 'catalogue, featured order, landing content and reviews; no staff or inquiries.',
  sales: 'inquiries, their notes, assignments and exports; sees the catalogue without changing it.',
};

export const selectClass =
  'h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-50';
