import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  messageId: string | undefined;
  /** The text/plain part, decoded from quoted-printable or base64. */
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}$/i.exec(joined.slice(i + 1, i + 3))?.[0] : undefined;
    if (hex) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The first text/plain part of a MIME message (enough for what nodemailer writes). */
export function plainText(raw: string): string {
  const part = /Content-Type: text\/plain[^\r\n]*\r?\n((?:[^\r\n]+\r?\n)*?)\r?\n([\s\S]*?)(?:\r?\n--|$)/i.exec(raw);
  if (!part) return '';
  const encoding = /Content-Transfer-Encoding: (\S+)/i.exec(part[1] ?? '')?.[1]?.toLowerCase();
  const body = part[2] ?? '';
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** What the test server answers to the message data: take it, or refuse it with this code. */
export type SmtpAnswer = 'accept' | { code: number; message: string };

/**
 * A real SMTP server on 127.0.0.1 (smtp-server, plain text, no auth) that keeps what it receives.
 * It can refuse (any code) and be stopped and started again on the same port.
 */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  /** Answers for the next messages, in order; once used up, every message is accepted. */
  readonly answers: SmtpAnswer[] = [];
  port = 0;
  private server: SMTPServer | undefined;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      disableReverseLookup: true,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const answer = this.answers.shift() ?? 'accept';
          if (answer !== 'accept') {
            callback(Object.assign(new Error(answer.message), { responseCode: answer.code }));
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1],
            text: plainText(raw),
          });
          callback();
        });
      },
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        const address = server.server.address();
        if (typeof address === 'object' && address) this.port = address.port;
        resolve();
      });
    });
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Polls until `check` holds (or fails the test with `what` after `timeoutMs`). */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
