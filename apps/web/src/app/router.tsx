import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths, routePatterns } from '@/config/paths';
import { PublicLayout } from './layouts/public-layout';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { ProductRoute } from './routes/product';
import { ProductsRoute } from './routes/products';
import { RootRoute, RouteLoading } from './routes/root';
import { RouteError } from './routes/route-error';

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
          { index: true, Component: HomeRoute },
          { path: routePatterns.products, Component: ProductsRoute },
          { path: routePatterns.product, Component: ProductRoute },
          { path: routePatterns.notFound, Component: NotFoundRoute },
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
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
