import { describe, expect, it } from 'vitest';
import { isFreeMailDomain } from './free-mail-domains';

describe('isFreeMailDomain', () => {
  it.each(['gmail.com', 'GMAIL.COM', 'outlook.com', 'hotmail.com', 'live.nl', 'ziggo.nl', 'kpnmail.nl', 'icloud.com', 'yahoo.com', 'proton.me', 'mail.gmail.com', 'gmail.com.'])(
    'knows %s',
    (domain) => expect(isFreeMailDomain(domain)).toBe(true),
  );
  it.each(['kwekerij-delta.nl', 'gmail.com.evil.example', 'notgmail.com', 'nl', ''])('lets %s be claimed', (domain) => {
    expect(isFreeMailDomain(domain)).toBe(false);
  });
});
