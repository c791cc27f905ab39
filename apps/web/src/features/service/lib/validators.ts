import { zodResolver } from '@hookform/resolvers/zod';
import {
  indianToday,
  myMachineCodeRequestSchema,
  myMachineSessionRequestSchema,
  serviceRequestInputSchema,
} from '@capstan/shared';

/**
 * The buyer's forms' validation: the shared schemas the routes declare. The one rule added here is
 * the browser's: a visit cannot be wished for a day already past (India's calendar). The server
 * takes any date, so a page left open overnight is not refused.
 */
export const PREFERRED_DATE_PAST_MESSAGE = 'Choose today or a later date';

export const serviceRequestResolver = zodResolver(
  serviceRequestInputSchema.superRefine((request, context) => {
    if (request.preferredDate && request.preferredDate < indianToday()) {
      context.addIssue({ code: 'custom', path: ['preferredDate'], message: PREFERRED_DATE_PAST_MESSAGE });
    }
  }),
);

export const codeRequestResolver = zodResolver(myMachineCodeRequestSchema);

/** The code step asks for the code alone: the serial and phone are those the code was sent for. */
export const codeResolver = zodResolver(myMachineSessionRequestSchema.pick({ code: true }));
