import { CompareBar } from '@/components/compare-bar';
import { CatalogueScreen } from '@/features/catalogue/components/catalogue-screen';

// The comparison bar lives with the pages that have Compare toggles, not in the public layout:
// the landing page would otherwise download the comparison store for a bar it never shows.
export function ProductsRoute() {
  return (
    <>
      <CatalogueScreen />
      <CompareBar />
    </>
  );
}
