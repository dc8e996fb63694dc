import { describe, expect, it } from 'vitest';
import { isPrivateAddress, OutboundClient } from './outbound';

describe('isPrivateAddress', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1'])(
    'treats %s as private',
    (address) => expect(isPrivateAddress(address)).toBe(true),
  );
  it.each(['8.8.8.8', '145.100.1.1', '2001:4860::8888'])('treats %s as public', (address) => expect(isPrivateAddress(address)).toBe(false));
});

describe('OutboundClient', () => {
  it('refuses loopback, metadata and plain http unless private hosts are allowed', async () => {
    const client = new OutboundClient({ allowPrivate: false });
    await expect(client.get('https://127.0.0.1/')).rejects.toThrow(/private/);
    await expect(client.get('https://169.254.169.254/latest/meta-data')).rejects.toThrow(/private/);
    await expect(client.get('http://example.com/')).rejects.toThrow(/scheme/);
    await expect(client.get('https://localhost/')).rejects.toThrow(/private/);
    await client.close();
  });
});
