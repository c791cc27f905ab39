import { ApiError } from '@/lib/api-client';

/** The server's `{ message }` when it sent one, else the error's own text. */
export function errorReason(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
