// A local SMTP server for the browser tests: accepts every message, keeps it in memory and
// serves the lot as JSON over HTTP (GET /messages, optionally ?to=<address>).
// Started by playwright.config.ts; the ports come from SMTP_SINK_PORT and SMTP_SINK_HTTP_PORT.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.SMTP_SINK_PORT);
const httpPort = Number(process.env.SMTP_SINK_HTTP_PORT);
if (!smtpPort || !httpPort) {
  console.error('Set SMTP_SINK_PORT and SMTP_SINK_HTTP_PORT.');
  process.exit(1);
}

/** @type {{ from: string; to: string[]; raw: string; receivedAt: string }[]} */
const messages = [];
const MAX_MESSAGES = 5000;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  size: 1024 * 1024,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      messages.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
        raw: Buffer.concat(chunks).toString('utf8'),
        receivedAt: new Date().toISOString(),
      });
      if (messages.length > MAX_MESSAGES) messages.shift();
      callback();
    });
  },
});
smtp.on('error', (error) => console.error('SMTP sink:', error.message));
smtp.listen(smtpPort, '127.0.0.1');

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname !== '/messages') {
    response.writeHead(404).end();
    return;
  }
  const to = url.searchParams.get('to')?.toLowerCase();
  const found = to ? messages.filter((message) => message.to.includes(to)) : messages;
  response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(found));
});
http.listen(httpPort, '127.0.0.1');

function stop() {
  http.close();
  smtp.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
