import { SMTPServer } from 'smtp-server';
import { listeningPort } from './listening-port';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message as sent. */
  raw: string;
  /** The text with quoted-printable soft breaks and escapes undone, enough to read links from. */
  text: string;
}

function decodeQuotedPrintable(raw: string): string {
  const bytes = Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
    'latin1',
  );
  return bytes.toString('utf8');
}

/**
 * A real SMTP server on a random local port for tests: the API sends through nodemailer to it
 * exactly as it would to a mail relay. `next()` waits for the next message to arrive.
 */
export async function startSmtpServer() {
  const inbox: ReceivedMail[] = [];
  const waiters: ((mail: ReceivedMail) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(raw),
        };
        const waiter = waiters.shift();
        if (waiter) waiter(mail);
        else inbox.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = listeningPort(server.server);
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Resolves with the next message (already received or still to come); rejects after `timeoutMs`. */
    next(timeoutMs = 10_000): Promise<ReceivedMail> {
      const ready = inbox.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const waiter = (mail: ReceivedMail) => {
          clearTimeout(timer);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error('no mail arrived'));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    /** Messages received and not yet taken by next(). */
    pending: () => inbox.length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
