/**
 * Every route and link in the app comes from here (STYLE: paths in one module).
 * `paths` builds hrefs; `routePatterns` are the same routes as React Router patterns.
 */
import {
  CONTACT_FORM_ACTION,
  MY_MACHINE_PATH,
  QUOTE_LINES_ACTION,
  QUOTE_LIST_PATH,
  REVIEW_FORM_ACTION,
  SERVICE_FORM_ACTION,
  SERVICE_PAGE_PATH,
  SERVICE_SENT_PATH,
  SERVICE_SERIAL_PARAM,
} from '@capstan/shared';

const segment = (value: string): string => encodeURIComponent(value);

/** The catalogue's URL state; a value left out or null is the default and stays out of the URL. */
export type CatalogueLinkParams = Partial<
  Record<'tab' | 'category' | 'machine' | 'q' | 'sort' | 'view' | 'page', string | number | null> & {
    /** Specification ranges (decision 035), each an `f` parameter: `bar-capacity:25-65`. */
    f: readonly string[];
  }
>;

// One fixed order, so one catalogue state has one URL (canonical links, page cache keys):
// `category` narrows the machines tab to a machine category, `machine` the spare parts to one
// machine's, `f` each typed specification to a range.
const CATALOGUE_PARAM_ORDER = ['tab', 'category', 'machine', 'q', 'sort', 'f', 'view', 'page'] as const;

function catalogue(params: CatalogueLinkParams = {}): string {
  const search = new URLSearchParams();
  for (const key of CATALOGUE_PARAM_ORDER) {
    const value = params[key];
    if (Array.isArray(value)) for (const one of value) search.append(key, one);
    else if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query === '' ? '/products' : `/products?${query}`;
}

export const paths = {
  home: '/',
  products: '/products',
  /** A tab, search, order, view and page of the catalogue: `/products?tab=spares&page=2`. */
  catalogue,
  product: (id: string) => `/product/${segment(id)}`,
  /** The item's spec sheet, a PDF the server renders (not a route of the app). */
  specSheet: (id: string) => `/product/${segment(id)}/spec-sheet.pdf`,
  /** Machines side by side, `/compare?ids=a,b` (commas kept readable in a shared link). */
  compare: (ids: readonly string[]) => (ids.length === 0 ? '/compare' : `/compare?ids=${ids.map(segment).join(',')}`),
  contact: '/#contact',
  /** The buyer's quote list (issue 39), kept in a cookie so it works without JavaScript (decision 074). */
  quoteList: QUOTE_LIST_PATH,
  /**
   * Where the quote list's plain forms post when the app is not running (add, set, remove). The
   * same for every language, as the contact form's: `back` names the page (and its language) to return to.
   */
  quoteLines: QUOTE_LINES_ACTION,
  /** Where the contact form posts when the app is not running (decision 015). */
  contactForm: CONTACT_FORM_ACTION,
  /** Where the review form posts when the app is not running (decision 023). */
  reviewForm: REVIEW_FORM_ACTION,
  /** Request service (issue 40); `serviceFor(serial)` opens it with the serial filled in. */
  service: SERVICE_PAGE_PATH,
  serviceFor: (serial: string) => `${SERVICE_PAGE_PATH}?${SERVICE_SERIAL_PARAM}=${encodeURIComponent(serial)}`,
  /** The request's reference once the app sent it (it travels in the router's state, not the URL). */
  serviceSent: SERVICE_SENT_PATH,
  /** Where the service form posts when the app is not running: the same for every language, as the contact form's. */
  serviceForm: SERVICE_FORM_ACTION,
  /** The buyer's machine: warranty, AMC, service requests, parts that fit, behind a one-time code. */
  myMachine: MY_MACHINE_PATH,
  admin: {
    root: '/admin',
    dashboard: '/admin/dashboard',
    products: '/admin/products',
    /**
     * Product Management on one tab (kept in the URL, so Back and a reload return to it), optionally showing the item just
     * saved. The machines tab is the default and has no `tab` parameter.
     */
    productsTab: (tab: 'machines' | 'spares' | 'services', savedId?: string) => {
      const query = new URLSearchParams();
      if (tab !== 'machines') query.set('tab', tab);
      if (savedId !== undefined) query.set('saved', savedId);
      const search = query.toString();
      return search === '' ? '/admin/products' : `/admin/products?${search}`;
    },
    /** SPEC §2: Product Management takes an optional product id. */
    productsWith: (productId: string) => `/admin/products/${segment(productId)}`,
    addProduct: '/admin/products/add',
    editProduct: (productId: string) => `/admin/products/edit/${segment(productId)}`,
    addSparePart: '/admin/spareparts/add',
    editSparePart: (sparePartId: string) => `/admin/spareparts/edit/${segment(sparePartId)}`,
    addService: '/admin/services/add',
    editService: (serviceId: string) => `/admin/services/edit/${segment(serviceId)}`,
    featuredProducts: '/admin/featured-products',
    /** ARCHITECTURE deviation: the spare-part save target is a real route (Spare Parts tab). */
    spareParts: '/admin/spare-parts',
    /** Beyond the spec: visitors' inquiries; the spec's sidebar 'Customers' link, named Inquiries (decision 050). */
    inquiries: '/admin/inquiries',
    /** One inquiry with its notes and emails (the staff notification links here). */
    inquiry: (id: string) => `/admin/inquiries/${segment(id)}`,
    /** Prepare a GST quotation for an inquiry, prefilled from it (issue 39). */
    newQuotation: (inquiryId: string) => `/admin/inquiries/${segment(inquiryId)}/quotation`,
    /** Every quotation, by status (issue 39); `status` opens the list filtered. */
    quotations: '/admin/quotations',
    quotationsWith: (status: string) => `/admin/quotations?status=${encodeURIComponent(status)}`,
    /** One quotation as it stands: its lines, totals and what the buyer did. */
    quotation: (id: string) => `/admin/quotations/${segment(id)}`,
    /** Edit a draft, or revise a sent quotation (the save makes its next revision). */
    editQuotation: (id: string) => `/admin/quotations/${segment(id)}/edit`,
    /** The emails about inquiries and their state (decision 021). */
    outbox: '/admin/outbox',
    /** The audit trail of sign-ins and changes. */
    activity: '/admin/activity',
    /** The signed-in staff member's password and two-factor settings. */
    account: '/admin/account',
    /** The owner's list of staff accounts and their roles (decision 024). */
    staff: '/admin/staff',
    /** Site → Company and Site → Landing page (decision 020). */
    siteCompany: '/admin/site/company',
    siteLanding: '/admin/site/landing',
    /** Site → Chat: the chat helper's greeting and scripted answers (decision 052). */
    siteChat: '/admin/site/chat',
    /** Site → Backups: the daily backup, its runs and the archives (owner only). */
    siteBackups: '/admin/site/backups',
    /** Site → Reviews, visitors' reviews waiting for a decision. */
    reviews: '/admin/site/reviews',
    /** Bulk import and export of the catalogue (decision 034) (CSV, Excel, ZIP of pictures). */
    catalogueImport: '/admin/import',
    /** Rename and delete machine categories. */
    machineCategories: '/admin/categories',
    /** Each kind's default availability and warranty (decision 051). */
    itemTerms: '/admin/delivery-and-warranty',
    /** The register of installed machines (issue 40): search by serial, customer, phone or model (`?q=`). */
    installations: '/admin/installations',
    /** One installed machine: its customer, warranty, AMC contracts and service requests. */
    installation: (id: string) => `/admin/installations/${segment(id)}`,
    newInstallation: '/admin/installations/new',
    editInstallation: (id: string) => `/admin/installations/${segment(id)}/edit`,
    /** The register as CSV or Excel, and its import (preview, per-line errors). */
    installationsImport: '/admin/installations/import',
    /** Service requests by status (issue 40); `status`, `q` and `page` live in the URL. */
    serviceRequests: '/admin/service-requests',
    /** The list opened on one view (`overdue`, a status). */
    serviceRequestsWith: (view: string) => `/admin/service-requests?status=${encodeURIComponent(view)}`,
    /** One service request with its timeline (issue 40). */
    serviceRequest: (id: string) => `/admin/service-requests/${segment(id)}`,
  },
} as const;

export const routePatterns = {
  home: paths.home,
  products: paths.products,
  product: '/product/:id',
  compare: '/compare',
  quoteList: paths.quoteList,
  service: paths.service,
  serviceSent: paths.serviceSent,
  myMachine: paths.myMachine,
  notFound: '*',
  admin: {
    root: paths.admin.root,
    dashboard: paths.admin.dashboard,
    products: '/admin/products/:productId?',
    addProduct: paths.admin.addProduct,
    editProduct: '/admin/products/edit/:productId',
    addSparePart: paths.admin.addSparePart,
    editSparePart: '/admin/spareparts/edit/:sparePartId',
    addService: paths.admin.addService,
    editService: '/admin/services/edit/:serviceId',
    featuredProducts: paths.admin.featuredProducts,
    spareParts: paths.admin.spareParts,
    inquiries: paths.admin.inquiries,
    inquiry: '/admin/inquiries/:inquiryId',
    newQuotation: '/admin/inquiries/:inquiryId/quotation',
    quotations: paths.admin.quotations,
    quotation: '/admin/quotations/:quotationId',
    editQuotation: '/admin/quotations/:quotationId/edit',
    outbox: paths.admin.outbox,
    activity: paths.admin.activity,
    account: paths.admin.account,
    staff: paths.admin.staff,
    siteCompany: paths.admin.siteCompany,
    siteLanding: paths.admin.siteLanding,
    siteChat: paths.admin.siteChat,
    siteBackups: paths.admin.siteBackups,
    reviews: paths.admin.reviews,
    catalogueImport: paths.admin.catalogueImport,
    machineCategories: paths.admin.machineCategories,
    itemTerms: paths.admin.itemTerms,
    installations: paths.admin.installations,
    newInstallation: paths.admin.newInstallation,
    installationsImport: paths.admin.installationsImport,
    installation: '/admin/installations/:installationId',
    editInstallation: '/admin/installations/:installationId/edit',
    serviceRequests: paths.admin.serviceRequests,
    serviceRequest: '/admin/service-requests/:serviceRequestId',
  },
} as const;
