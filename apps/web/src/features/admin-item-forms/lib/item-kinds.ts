import { paths } from '@/config/paths';

export type ItemKind = 'machine' | 'sparePart';
export type AnyItemKind = ItemKind | 'service';

/** Per-kind endpoints and pages (SPEC §7 calls); the texts are the `adminItemForms` messages, by kind. */
export const ITEM_KINDS = {
  machine: {
    endpoint: '/api/products',
    updatePath: (id: string) => `/api/products/${encodeURIComponent(id)}`,
    listPath: paths.admin.products,
    /** Where a save lands: the machine's tab, showing the saved machine. */
    savedPath: (id: string) => paths.admin.productsTab('machines', id),
  },
  sparePart: {
    endpoint: '/api/spareparts',
    updatePath: (id: string) => `/api/spareparts/${encodeURIComponent(id)}/full`,
    // ARCHITECTURE deviation: /admin/spare-parts is a real route on the Spare Parts tab.
    listPath: paths.admin.spareParts,
    savedPath: (id: string) => paths.admin.productsTab('spares', id),
  },
} as const;

export const DELETE_TARGETS = {
  machine: { endpoint: '/api/products', listPath: paths.admin.products },
  sparePart: { endpoint: '/api/spareparts', listPath: paths.admin.spareParts },
  service: { endpoint: '/api/services', listPath: paths.admin.products },
} as const;

/** SPEC §4: edit mode when the last path segment is an id, i.e. anything but 'add'. */
export function idFromPathname(pathname: string): string | undefined {
  const last = pathname.split('/').filter(Boolean).at(-1);
  if (last === undefined || last === 'add') return undefined;
  return decodeURIComponent(last);
}
