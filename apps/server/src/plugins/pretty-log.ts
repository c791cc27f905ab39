import { createRequire } from 'node:module';
import type { DestinationStream } from 'pino';
import type * as PinoPretty from 'pino-pretty';
import type { PrettyOptions } from 'pino-pretty';

// Loaded when a person reads the logs (a terminal, a script), not by a server logging JSON to a
// collector: 9 MB of a server's memory for nothing (issue 37).
const prettyPackage = () => createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;

interface RequestFacts {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  reqId?: string;
  err?: { type?: string; message?: string; stack?: string };
}

/** The message, then what a request line is about, on the line itself: `request completed 200 3 ms [id]`. */
function messageWithRequest(log: Record<string, unknown>, messageKey: string): string {
  const { req, res, responseTime, reqId } = log as RequestFacts;
  const parts = [
    typeof log[messageKey] === 'string' ? log[messageKey] : '',
    req?.method ? `${req.method} ${req.url ?? ''}` : '',
    res?.statusCode === undefined ? '' : String(res.statusCode),
    typeof responseTime === 'number' ? `${Math.round(responseTime)} ms` : '',
    reqId ? `[${reqId}]` : '',
  ];
  return parts.filter((part) => part !== '').join(' ');
}

function prettyOptions(colorize: boolean): PrettyOptions {
  return {
    colorize,
    // A person reads the console on the machine it runs on: its own clock, to the second.
    translateTime: 'SYS:HH:MM:ss',
    customPrettifiers: {
      time: (time) => String(time),
      // The stack already starts with the type and message.
      err: (err) => {
        const { type, message, stack } = err as NonNullable<RequestFacts['err']>;
        return stack ?? `${type ?? 'Error'}: ${message ?? ''}`;
      },
    },
    messageFormat: messageWithRequest,
    // Same on every line, or already in the message above.
    ignore: 'pid,hostname,req,res,responseTime,reqId',
    singleLine: true,
  };
}

/** One pino JSON line as a person reads it: `14:02:07 INFO: Serving http://127.0.0.1:3000`; not JSON passes through. */
export function prettyLogLine(colorize = false): (line: string) => string {
  return prettyPackage().prettyFactory(prettyOptions(colorize));
}

/**
 * A pino destination that writes human lines to `out`, coloured when it is this process's own
 * terminal. Synchronous (pino-pretty's own stream is not), so a line is out before the process
 * exits on a start-up failure, in order with anything else written to the terminal.
 */
export function prettyLogStream(out: NodeJS.WritableStream): DestinationStream {
  const pretty = prettyLogLine(out === process.stdout && prettyPackage().isColorSupported);
  return {
    write(line: string) {
      out.write(pretty(line));
    },
  };
}
