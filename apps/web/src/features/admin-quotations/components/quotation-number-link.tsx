import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** A quotation's number, linking to its page: the first cell of every list of quotations. */
export function QuotationNumberLink({ quotation }: { quotation: { id: string; number: string } }) {
  return (
    <Link to={paths.admin.quotation(quotation.id)} className="text-primary underline-offset-4 hover:underline">
      {quotation.number}
    </Link>
  );
}
