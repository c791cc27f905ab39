import { ApiError } from '@/lib/api-client';

export interface ServerIssue {
  path: string;
  message: string;
}

/**
 * The per-field refusals of a 400: `issues: [{ path: [...], message }]` as the API's error handler
 * words them, or `errors` as a list of the same or a map of field → message. None when the body is
 * not JSON (a proxy's page).
 */
export function serverIssues(error: unknown): ServerIssue[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  let body: unknown;
  try {
    body = JSON.parse(error.body);
  } catch {
    return [];
  }
  if (!body || typeof body !== 'object') return [];
  const listed = 'issues' in body ? body.issues : 'errors' in body ? body.errors : undefined;
  if (Array.isArray(listed)) {
    return listed.flatMap((issue: unknown) => {
      if (!issue || typeof issue !== 'object' || !('message' in issue) || typeof issue.message !== 'string') return [];
      const path = 'path' in issue ? issue.path : undefined;
      const joined = Array.isArray(path) ? path.join('.') : typeof path === 'string' ? path : '';
      return [{ path: joined, message: issue.message }];
    });
  }
  if (listed && typeof listed === 'object') {
    return Object.entries(listed).flatMap(([path, message]) =>
      typeof message === 'string' ? [{ path, message }] : [],
    );
  }
  return [];
}
