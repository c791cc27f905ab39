import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

interface ServerIssue {
  path: (string | number)[];
  message: string;
}

/** A 400's `issues` (the route's schema refusals), each with the path of its field. */
export function serverIssues(error: ApiError): ServerIssue[] {
  try {
    const body: unknown = JSON.parse(error.body);
    if (body && typeof body === 'object' && 'issues' in body && Array.isArray(body.issues)) {
      return body.issues.filter(
        (issue): issue is ServerIssue =>
          typeof issue === 'object' && issue !== null && Array.isArray(issue.path) && typeof issue.message === 'string',
      );
    }
  } catch {
    // Not JSON (a proxy's page): no per-field messages.
  }
  return [];
}

/**
 * Puts each of the server's refusals under its field. True when at least one found its field; the
 * form then says "check the fields" rather than repeating them.
 */
export function placeServerIssues<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  error: unknown,
): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  let placed = false;
  for (const issue of serverIssues(error)) {
    if (issue.path.length === 0) continue;
    form.setError(issue.path.join('.') as Path<T>, { type: 'server', message: issue.message });
    placed = true;
  }
  return placed;
}
