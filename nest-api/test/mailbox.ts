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

/** A real SMTP server on loopback that keeps what it receives. */
export async function startMailbox(): Promise<{ url: string; mails: ReceivedMail[]; close: () => Promise<void> }> {
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
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
