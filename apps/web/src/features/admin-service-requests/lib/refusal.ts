import { ApiError } from '@/lib/api-client';
import { serverIssues } from './server-issues';

/**
 * Why the server refused a change, in its own English words (the refusal's code, translated by the
 * caller): a 409's message, a 400's first field refusal or its message. Null when the server said
 * nothing usable (a network failure, a proxy's page): the screen says "try again" instead.
 */
export function refusalOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const issue = serverIssues(error).find((one) => one.message !== '');
  if (issue) return issue.message;
  return error.status < 500 ? error.serverMessage : null;
}
