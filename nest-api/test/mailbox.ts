import { SMTPServer } from 'smtp-server';
import { freePort } from '../src/database/embedded-postgres';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The plain-text body with quoted-printable soft breaks and escapes undone. */
  text: string;
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export interface Mailbox {
  url: string;
  mails: ReceivedMail[];
  /** Waits (up to 5 s) until at least `count` mails reached `address`, and returns them all. */
  mailsTo: (address: string, count?: number) => Promise<ReceivedMail[]>;
  close: () => Promise<void>;
}

/** A real SMTP server on loopback that keeps what it receives. */
export async function startMailbox(): Promise<Mailbox> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const body = raw.split(/\r?\n\r?\n/).slice(1).join('\n\n');
        const quoted = /Content-Transfer-Encoding: quoted-printable/i.test(raw);
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: quoted ? decodeQuotedPrintable(body) : body });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const mailsTo = async (address: string, count = 1): Promise<ReceivedMail[]> => {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const found = mails.filter((m) => m.to.includes(address));
      if (found.length >= count) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`fewer than ${count} mails for ${address}`);
  };
  return { url: `smtp://127.0.0.1:${port}`, mails, mailsTo, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
