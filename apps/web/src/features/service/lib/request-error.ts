import { ApiError } from '@/lib/api-client';

/** One field's refusal in a 400 answer (`{ message, issues }`, the server's one error shape). */
export interface RefusalIssue {
  path: (string | number)[];
  message: string;
}

function readIssues(body: string): RefusalIssue[] {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null || !('issues' in parsed) || !Array.isArray(parsed.issues)) {
      return [];
    }
    return parsed.issues.filter(
      (issue: unknown): issue is RefusalIssue =>
        typeof issue === 'object' &&
        issue !== null &&
        'message' in issue &&
        typeof issue.message === 'string' &&
        'path' in issue &&
        Array.isArray(issue.path),
    );
  } catch {
    return [];
  }
}

/** `Retry-After` as seconds from now: a number of seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * A refusal of the buyer's public calls (service requests, My machine): the answer's status and
 * message as every ApiError carries them, with the fields it names and when to try again (429).
 */
export class PublicRequestError extends ApiError {
  readonly issues: RefusalIssue[];
  readonly retryAfterSeconds: number | null;

  constructor(status: number, statusText: string, body: string, retryAfter: string | null) {
    super(status, statusText, body);
    this.issues = readIssues(body);
    this.retryAfterSeconds = retryAfterSeconds(retryAfter);
  }
}

/** When a throttled buyer may try again: the server's Retry-After, else a minute from now. */
export function retryTime(error: PublicRequestError, now = Date.now()): Date {
  return new Date(now + (error.retryAfterSeconds ?? 60) * 1000);
}
