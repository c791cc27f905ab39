import { type ReviewData, type ReviewInput, reviewInputSchema } from '@capstan/shared';

export type ReviewField = keyof ReviewInput;
export type ReviewErrors = Partial<Record<ReviewField, string>>;

/** The review form's check: the shared schema the server's route declares, first message per field. */
export function validateReview(values: Record<string, unknown>): { data: ReviewData } | { errors: ReviewErrors } {
  const parsed = reviewInputSchema.safeParse(values);
  if (parsed.success) return { data: parsed.data };
  return { errors: errorsByField(parsed.error.issues) };
}

export function errorsByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): ReviewErrors {
  const errors: ReviewErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in reviewInputSchema.shape && !errors[field as ReviewField]) {
      errors[field as ReviewField] = issue.message;
    }
  }
  return errors;
}
