import type { DestinationStream } from 'pino';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Present on every line, or said by the line's shape: not worth repeating to a person. */
const OMITTED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'req', 'res', 'responseTime', 'reqId']);

interface LogEntry {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [key: string]: unknown;
}

function clock(time: number | undefined): string {
  const date = time === undefined ? new Date() : new Date(time);
  return date.toISOString().slice(11, 19);
}

function value(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** One pino JSON line as a person reads it: `14:02:07 INFO  Serving http://127.0.0.1:3000`. */
export function formatLogLine(line: string): string {
  let entry: LogEntry;
  try {
    entry = JSON.parse(line) as LogEntry;
  } catch {
    return line;
  }
  const level = (LEVELS[entry.level ?? 30] ?? 'INFO').padEnd(5);
  const parts = [clock(entry.time), level, entry.msg ?? ''];
  if (entry.req?.method) parts.push(`${entry.req.method} ${entry.req.url ?? ''}`);
  if (entry.res?.statusCode !== undefined) parts.push(String(entry.res.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`${Math.round(entry.responseTime)} ms`);
  for (const [key, v] of Object.entries(entry)) if (!OMITTED.has(key)) parts.push(`${key}=${value(v)}`);
  if (entry.reqId) parts.push(`[${entry.reqId}]`);
  let text = parts.filter((part) => part !== '').join(' ');
  if (entry.err) text += `\n  ${entry.err.stack ?? `${entry.err.type ?? 'Error'}: ${entry.err.message ?? ''}`}`;
  return text;
}

/** A pino destination that writes human lines to `out` (a terminal, usually). */
export function prettyLogStream(out: NodeJS.WritableStream): DestinationStream {
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line !== '') out.write(`${formatLogLine(line)}\n`);
    },
  };
}
