import { z } from './zod';
import {
  QUOTE_ITEM_TWICE_MESSAGE,
  QUOTE_ITEMS_MAX_MESSAGE,
  QUOTE_ITEMS_MIN_MESSAGE,
  QUOTE_LIST_MAX_LINES,
  QUOTE_QUANTITY_MAX,
  QUOTE_QUANTITY_MESSAGE,
} from '../quote-list-limits';

/** One line of `items` in `POST /api/inquiries`. */
export const inquiryItemInputSchema = z
  .object({
    id: z.string({ message: 'Choose an item' }).trim().min(1, { message: 'Choose an item' }).max(100),
    quantity: z
      .number({ message: QUOTE_QUANTITY_MESSAGE })
      .int({ message: QUOTE_QUANTITY_MESSAGE })
      .min(1, { message: QUOTE_QUANTITY_MESSAGE })
      .max(QUOTE_QUANTITY_MAX, { message: QUOTE_QUANTITY_MESSAGE }),
  })
  .strict();

/** `items` of `POST /api/inquiries`: 1-50 lines, each item once. Which ids exist the server checks. */
export const inquiryItemsSchema = z
  .array(inquiryItemInputSchema)
  .min(1, { message: QUOTE_ITEMS_MIN_MESSAGE })
  .max(QUOTE_LIST_MAX_LINES, { message: QUOTE_ITEMS_MAX_MESSAGE })
  .superRefine((lines, context) => {
    const seen = new Set<string>();
    lines.forEach((line, index) => {
      if (seen.has(line.id))
        context.addIssue({ code: 'custom', message: QUOTE_ITEM_TWICE_MESSAGE, path: [index, 'id'] });
      seen.add(line.id);
    });
  });
export type InquiryItemInput = z.input<typeof inquiryItemInputSchema>;
