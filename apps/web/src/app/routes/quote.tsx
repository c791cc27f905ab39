import { QuoteListPage } from '@/features/contact/components/quote-list-page';

export function QuoteRoute() {
  return <QuoteListPage />;
}
