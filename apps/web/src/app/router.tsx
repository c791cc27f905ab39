import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { paths, routePatterns } from '@/config/paths';
import { withRouteMessages } from '@/lib/i18n';
import { PublicLayout } from './layouts/public-layout';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { RootRoute, RouteLoading } from './routes/root';
import { RouteError } from './routes/route-error';

/** Route ids the server renderer keys its data prefetching and status on. */
export const ROUTE_IDS = {
  home: 'home',
  products: 'products',
  product: 'product',
  compare: 'compare',
  quote: 'quote',
  service: 'service',
  serviceSent: 'service-sent',
  myMachine: 'my-machine',
  notFound: 'not-found',
} as const;

/**
 * The catalogue and details screens are chunks of their own, so the landing page does not pay
 * for them. The module path is kept next to each import so the server can preload the chunk of
 * the page it rendered (the key of that module in Vite's manifest).
 */
export const LAZY_ROUTE_MODULES: Record<string, string> = {
  [ROUTE_IDS.products]: 'src/app/routes/products.tsx',
  [ROUTE_IDS.product]: 'src/app/routes/product.tsx',
  [ROUTE_IDS.compare]: 'src/app/routes/compare.tsx',
  [ROUTE_IDS.quote]: 'src/app/routes/quote.tsx',
  [ROUTE_IDS.service]: 'src/app/routes/service.tsx',
  [ROUTE_IDS.serviceSent]: 'src/app/routes/service.tsx',
  [ROUTE_IDS.myMachine]: 'src/app/routes/my-machine.tsx',
};

// These pages bring their own messages (lib/i18n/route-messages.ts), loaded beside their chunk.
const productsRoute = () => withRouteMessages(['catalogue'], import('./routes/products'));
const productRoute = () => withRouteMessages(['product'], import('./routes/product'));
const compareRoute = () => withRouteMessages(['compare'], import('./routes/compare'));
// The quote list and the service pages hold forms, whose refusals are the `validation` namespace.
const quoteRoute = () => withRouteMessages(['quoteList', 'inquiryForm', 'validation'], import('./routes/quote'));
const serviceRoutes = () => withRouteMessages(['service', 'validation'], import('./routes/service'));
const myMachineRoute = () => withRouteMessages(['service', 'validation'], import('./routes/my-machine'));

// The admin area is its own chunk: public visitors never download it.
const adminLayout = () => import('./routes/admin/admin-layout');
const adminScreens = () => import('./routes/admin/admin-screens');

type AdminScreens = Awaited<ReturnType<typeof adminScreens>>;
const adminScreen = (path: string, pick: (screens: AdminScreens) => ComponentType): RouteObject => ({
  path,
  lazy: async () => ({ Component: pick(await adminScreens()) }),
});

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootRoute,
    ErrorBoundary: RouteError,
    HydrateFallback: RouteLoading,
    children: [
      {
        Component: PublicLayout,
        children: [
          { id: ROUTE_IDS.home, index: true, Component: HomeRoute },
          {
            id: ROUTE_IDS.products,
            path: routePatterns.products,
            lazy: async () => ({ Component: (await productsRoute()).ProductsRoute }),
          },
          {
            id: ROUTE_IDS.product,
            path: routePatterns.product,
            lazy: async () => ({ Component: (await productRoute()).ProductRoute }),
          },
          {
            id: ROUTE_IDS.compare,
            path: routePatterns.compare,
            lazy: async () => ({ Component: (await compareRoute()).CompareRoute }),
          },
          {
            id: ROUTE_IDS.quote,
            path: routePatterns.quoteList,
            lazy: async () => ({ Component: (await quoteRoute()).QuoteRoute }),
          },
          {
            id: ROUTE_IDS.service,
            path: routePatterns.service,
            lazy: async () => ({ Component: (await serviceRoutes()).ServiceRoute }),
          },
          {
            id: ROUTE_IDS.serviceSent,
            path: routePatterns.serviceSent,
            lazy: async () => ({ Component: (await serviceRoutes()).ServiceSentRoute }),
          },
          {
            id: ROUTE_IDS.myMachine,
            path: routePatterns.myMachine,
            lazy: async () => ({ Component: (await myMachineRoute()).MyMachineRoute }),
          },
          { id: ROUTE_IDS.notFound, path: routePatterns.notFound, Component: NotFoundRoute },
        ],
      },
      {
        path: routePatterns.admin.root,
        lazy: async () => ({ Component: (await adminLayout()).AdminLayout }),
        children: [
          { index: true, element: <Navigate to={paths.admin.dashboard} replace /> },
          adminScreen(routePatterns.admin.dashboard, (s) => s.AdminDashboardRoute),
          adminScreen(routePatterns.admin.addProduct, (s) => s.AdminAddMachineRoute),
          adminScreen(routePatterns.admin.editProduct, (s) => s.AdminEditMachineRoute),
          adminScreen(routePatterns.admin.products, (s) => s.AdminProductsRoute),
          adminScreen(routePatterns.admin.spareParts, (s) => s.AdminSparePartsRoute),
          adminScreen(routePatterns.admin.addSparePart, (s) => s.AdminAddSparePartRoute),
          adminScreen(routePatterns.admin.editSparePart, (s) => s.AdminEditSparePartRoute),
          adminScreen(routePatterns.admin.addService, (s) => s.AdminAddServiceRoute),
          adminScreen(routePatterns.admin.editService, (s) => s.AdminEditServiceRoute),
          adminScreen(routePatterns.admin.featuredProducts, (s) => s.AdminFeaturedProductsRoute),
          adminScreen(routePatterns.admin.inquiries, (s) => s.AdminInquiriesRoute),
          adminScreen(routePatterns.admin.inquiry, (s) => s.AdminInquiryRoute),
          adminScreen(routePatterns.admin.newQuotation, (s) => s.AdminNewQuotationRoute),
          adminScreen(routePatterns.admin.quotations, (s) => s.AdminQuotationsRoute),
          adminScreen(routePatterns.admin.quotation, (s) => s.AdminQuotationRoute),
          adminScreen(routePatterns.admin.editQuotation, (s) => s.AdminEditQuotationRoute),
          adminScreen(routePatterns.admin.outbox, (s) => s.AdminOutboxRoute),
          adminScreen(routePatterns.admin.activity, (s) => s.AdminActivityRoute),
          adminScreen(routePatterns.admin.account, (s) => s.AdminAccountRoute),
          adminScreen(routePatterns.admin.staff, (s) => s.AdminStaffRoute),
          adminScreen(routePatterns.admin.siteCompany, (s) => s.AdminSiteCompanyRoute),
          adminScreen(routePatterns.admin.siteLanding, (s) => s.AdminSiteLandingRoute),
          adminScreen(routePatterns.admin.siteChat, (s) => s.AdminSiteChatRoute),
          adminScreen(routePatterns.admin.siteBackups, (s) => s.AdminSiteBackupsRoute),
          adminScreen(routePatterns.admin.reviews, (s) => s.AdminReviewsRoute),
          adminScreen(routePatterns.admin.catalogueImport, (s) => s.AdminCatalogueImportRoute),
          adminScreen(routePatterns.admin.machineCategories, (s) => s.AdminMachineCategoriesRoute),
          adminScreen(routePatterns.admin.itemTerms, (s) => s.AdminItemTermsRoute),
          adminScreen(routePatterns.admin.installations, (s) => s.AdminInstallationsRoute),
          adminScreen(routePatterns.admin.newInstallation, (s) => s.AdminNewInstallationRoute),
          adminScreen(routePatterns.admin.installationsImport, (s) => s.AdminInstallationsImportRoute),
          adminScreen(routePatterns.admin.installation, (s) => s.AdminInstallationRoute),
          adminScreen(routePatterns.admin.editInstallation, (s) => s.AdminEditInstallationRoute),
          adminScreen(routePatterns.admin.serviceRequests, (s) => s.AdminServiceRequestsRoute),
          adminScreen(routePatterns.admin.serviceRequest, (s) => s.AdminServiceRequestRoute),
        ],
      },
    ],
  },
];

/**
 * Loads the lazy routes the current URL matches before the router is created, so a
 * server-rendered page hydrates with its real component instead of a fallback.
 */
export async function resolveLazyRoutes(location: { pathname: string }, basename?: string): Promise<void> {
  const matches = matchRoutes(routes, location, basename) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

/**
 * `serverRendered`: the page is the server's HTML, to be hydrated. React Router then keeps the
 * scroll position as it is — without hydration data it scrolls a new page to the top, which on
 * the landing page (started at the visitor's first scroll, decision 009) undid that scroll.
 */
export function createAppRouter({
  serverRendered = false,
  basename,
}: {
  serverRendered?: boolean;
  /** The language's prefix ('/ta'): the routes and every `<Link>` are inside it. */
  basename?: string;
} = {}) {
  return createBrowserRouter(routes, { ...(serverRendered ? { hydrationData: {} } : {}), basename });
}
