import { CompareScreen } from '@/features/compare/components/compare-screen';

export function CompareRoute() {
  return <CompareScreen />;
}
