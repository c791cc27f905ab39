import { CatalogueScreen } from '@/features/catalogue/components/catalogue-screen';

export function ProductsRoute() {
  return <CatalogueScreen />;
}
