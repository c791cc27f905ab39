import type { z } from 'zod';

export interface ValidationIssue {
  path: (string | number)[];
  message: string;
}

/** A 400 whose issues say which fields are wrong. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly issues: ValidationIssue[]) {
    super(issues[0]?.message ?? 'Invalid request');
    this.name = 'RequestValidationError';
  }
}

export function issuesFromZod(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.filter((p): p is string | number => typeof p !== 'symbol'),
    message: issue.message,
  }));
}

/** For bodies Fastify cannot validate itself (multipart fields). */
export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new RequestValidationError(issuesFromZod(result.error));
  return result.data;
}
