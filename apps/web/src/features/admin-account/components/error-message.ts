import { ApiError } from '@/lib/api-client';

/** The server's reason when it gave one, else `fallback`; `networkError` when no answer came. */
export const showErrorMessage = (error: unknown, fallback: string, networkError: string): string =>
  error instanceof ApiError ? (error.serverMessage ?? fallback) : networkError;
