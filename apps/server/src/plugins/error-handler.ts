import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../http-error';
import { RequestValidationError, type ValidationIssue } from '../validation';

/**
 * One error shape for the whole API: `{ message }`, plus `issues` for validation. A 5xx
 * never says what went wrong inside; the log does.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof RequestValidationError) {
      return reply.status(400).send({ message: error.message, issues: error.issues });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: ValidationIssue[] = error.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? 'Invalid value',
      }));
      const where = error.validationContext === 'body' ? '' : ` in ${error.validationContext ?? 'request'}`;
      const first = issues[0];
      const label = first && first.path.length > 0 ? `${first.path.join('.')}: ` : '';
      return reply.status(400).send({ message: `${label}${first?.message ?? 'Invalid request'}${where}`, issues });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send({ message: error.message });
    }

    const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(statusCode === 503 ? 503 : 500).send({ message: 'Internal Server Error' });
    }
    // Fastify's own 4xx (bad JSON, wrong content type, body too large, rate limit): safe to show.
    return reply.status(statusCode).send({ message: error.message });
  });
}
