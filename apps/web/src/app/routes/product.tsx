import { useParams } from 'react-router';
import { CompareBar } from '@/components/compare-bar';
import { ProductDetails } from '@/features/product-details/components/product-details';

export function ProductRoute() {
  const { id = '' } = useParams();
  // Keyed so moving between products starts each with a fresh gallery and state.
  return (
    <>
      <ProductDetails key={id} id={id} />
      <CompareBar />
    </>
  );
}
