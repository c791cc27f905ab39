import { ApiError } from '@/lib/api-client';

export const showErrorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError ? (error.serverMessage ?? fallback) : 'Network error. Please try again.';
