/**
 * Every route and link in the app comes from here (STYLE: paths in one module).
 * `paths` builds hrefs; `routePatterns` are the same routes as React Router patterns.
 */
import { CONTACT_FORM_ACTION } from '@capstan/shared';

const segment = (value: string): string => encodeURIComponent(value);

export const paths = {
  home: '/',
  products: '/products',
  product: (id: string) => `/product/${segment(id)}`,
  contact: '/#contact',
  /** Issue 16: where the contact form posts when the app is not running. */
  contactForm: CONTACT_FORM_ACTION,
  admin: {
    root: '/admin',
    dashboard: '/admin/dashboard',
    products: '/admin/products',
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
    /** Beyond the spec (issue 4): the sidebar's 'Customers' entry lists visitors' inquiries. */
    inquiries: '/admin/inquiries',
    /** Issue 6: the audit trail of sign-ins and changes. */
    activity: '/admin/activity',
    /** Issue 6: the signed-in staff member's password and two-factor settings. */
    account: '/admin/account',
  },
} as const;

export const routePatterns = {
  home: paths.home,
  products: paths.products,
  product: '/product/:id',
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
    activity: paths.admin.activity,
    account: paths.admin.account,
  },
} as const;
