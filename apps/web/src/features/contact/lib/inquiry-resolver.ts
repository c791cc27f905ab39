import { zodResolver } from '@hookform/resolvers/zod';
import { inquiryInputSchema } from '@capstan/shared';

/** The contact form's resolver: the shared inquiry schema, the same one the server's route declares. */
export const inquiryResolver = zodResolver(inquiryInputSchema);
