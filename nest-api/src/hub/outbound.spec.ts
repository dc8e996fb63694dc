import { describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { freePort } from '../database/embedded-postgres';
import { isPrivateAddress, OutboundClient } from './outbound';
import { isRefusedPrivateHost } from './private-hosts';

describe('isPrivateAddress', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1'])(
    'treats %s as private',
    (address) => expect(isPrivateAddress(address)).toBe(true),
  );
  it.each([
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '0:0:0:0:0:ffff:7f00:1',
    '::',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    '2001:0:4136:e378::1',
    'fc00::1',
    '100.127.255.254',
    '198.18.0.1',
    '192.0.0.1',
    '255.255.255.255',
    '224.0.0.1',
    'nonsense',
  ])('also treats %s as private (mapped, translated, tunnelled, unique-local, CGNAT, benchmark, broadcast)', (address) =>
    expect(isPrivateAddress(address)).toBe(true),
  );
  it.each(['::ffff:0:7f00:1', '::ffff:0:127.0.0.1', '::ffff:0:a9fe:a9fe', '100::1', '100::ffff:7f00:1', '64:ff9b:1::7f00:1', '4000::1', 'c000::1', '1fff:ffff::1', 'fec0::1'])(
    'treats %s as private: every IPv6 address outside 2000::/3 (IPv4-translated, discard, reserved)',
    (address) => expect(isPrivateAddress(address)).toBe(true),
  );
  it.each(['8.8.8.8', '145.100.1.1', '2001:4860::8888', '2a00:1450:400e::200e', '3fff:ffff::1'])('treats %s as public', (address) => expect(isPrivateAddress(address)).toBe(false));
});

describe('isRefusedPrivateHost', () => {
  const rules = { allowPrivateHosts: false, privateHostsAllowed: [] };
  it.each(['localhost', 'localhost.', 'LOCALHOST..', 'bron.localhost', 'bron.localhost.', '::ffff:0:7f00:1', '100::1'])(
    'refuses %s without asking DNS (a name that does not resolve is otherwise accepted)',
    async (host) => expect(await isRefusedPrivateHost(rules, { host, port: 443 })).toBe(true),
  );
  it('lets an allow-listed host:port through, and only that one', async () => {
    const allowList = { allowPrivateHosts: false, privateHostsAllowed: ['localhost:8443'] };
    expect(await isRefusedPrivateHost(allowList, { host: 'localhost.', port: 8443 })).toBe(false);
    expect(await isRefusedPrivateHost(allowList, { host: 'localhost.', port: 443 })).toBe(true);
  });
});

describe('OutboundClient', () => {
  it('refuses loopback, metadata and plain http unless private hosts are allowed', async () => {
    const client = new OutboundClient({ allowPrivate: false });
    await expect(client.get('https://127.0.0.1/')).rejects.toThrow(/private/);
    await expect(client.get('https://169.254.169.254/latest/meta-data')).rejects.toThrow(/private/);
    await expect(client.get('http://example.com/')).rejects.toThrow(/scheme/);
    await expect(client.get('https://localhost/')).rejects.toThrow(/private/);
    // Refused before any DNS or connection, whatever the resolver says about the name.
    for (const url of ['https://localhost./', 'https://bron.localhost./', 'https://[::ffff:0:7f00:1]/', 'https://[100::1]/'])
      await expect(client.get(url), url).rejects.toThrow(/refused: private/);
    await client.close();
  });

  it('lets exactly the allow-listed host:port through, and nothing else on that address', async () => {
    let hits = 0;
    const port = await freePort();
    const server = createServer((_q, r) => {
      hits += 1;
      r.end('ok');
    });
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    const client = new OutboundClient({ allowPrivate: false, privateHostsAllowed: [`127.0.0.1:${port}`] });
    try {
      expect((await client.get(`http://127.0.0.1:${port}/`)).status).toBe(200);
      await expect(client.get(`http://127.0.0.1:${port + 1}/`)).rejects.toThrow(/refused/);
      await expect(client.get(`http://localhost:${port}/`)).rejects.toThrow(/refused/);
      await expect(client.get(`http://[::ffff:127.0.0.1]:${port}/`)).rejects.toThrow(/refused/);
      expect(hits).toBe(1);
    } finally {
      await client.close();
      server.close();
    }
  });
});

describe('OutboundClient bodies', () => {
  it('reads a body with a declared length into one buffer of its own, and bodies without one (chunked, compressed) whole; refuses more than maxBytes', async () => {
    const body = Buffer.from('één dataset '.repeat(50_000), 'utf8');
    const port = await freePort();
    const server = createServer((request, response) => {
      if (request.url === '/length') {
        response.writeHead(200, { 'content-length': body.length });
        // In pieces, as a socket delivers a large body.
        for (let offset = 0; offset < body.length; offset += 65_536) response.write(body.subarray(offset, offset + 65_536));
        response.end();
      } else if (request.url === '/chunked') {
        for (let offset = 0; offset < body.length; offset += 100_000) response.write(body.subarray(offset, offset + 100_000));
        response.end();
      } else {
        // The declared length is the compressed one: the decompressed body is longer.
        const compressed = gzipSync(body);
        response.writeHead(200, { 'content-encoding': 'gzip', 'content-length': compressed.length });
        response.end(compressed);
      }
    });
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    const client = new OutboundClient({ allowPrivate: true, maxBytes: body.length });
    const small = new OutboundClient({ allowPrivate: true, maxBytes: body.length - 1 });
    try {
      for (const path of ['/length', '/chunked', '/gzip']) {
        const answer = await client.get(`http://127.0.0.1:${port}${path}`);
        expect(answer.body.equals(body), path).toBe(true);
        await expect(small.get(`http://127.0.0.1:${port}${path}`), path).rejects.toThrow(/too large/);
      }
      // Movable to a worker as it is: the buffer is exactly the body.
      const whole = (await client.get(`http://127.0.0.1:${port}/length`)).body;
      expect([whole.byteOffset, whole.buffer.byteLength]).toEqual([0, body.length]);
    } finally {
      await client.close();
      await small.close();
      server.close();
    }
  });
});
