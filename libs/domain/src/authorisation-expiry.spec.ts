import { describe, expect, it } from 'vitest';
import { expiryNote } from './authorisation-expiry';

describe('expiryNote', () => {
  it('says how long a grant is valid, marks one ending within 14 days, and says when an expired one ended', () => {
    expect(expiryNote(null, '2026-11-24')).toEqual({ text: 'Voor onbepaalde tijd', state: 'indefinite' });
    expect(expiryNote('2026-12-31', '2026-11-24')).toEqual({ text: 'Geldig tot en met 31/12/2026', state: 'valid' });
    expect(expiryNote('2026-12-08', '2026-11-24')).toEqual({ text: 'Geldig tot en met 08/12/2026', state: 'valid' });
    expect(expiryNote('2026-12-07', '2026-11-24')).toEqual({ text: 'Geldig tot en met 07/12/2026', state: 'soon' });
    expect(expiryNote('2026-11-24', '2026-11-24')).toEqual({ text: 'Geldig tot en met 24/11/2026', state: 'soon' });
    expect(expiryNote('2026-11-23', '2026-11-24')).toEqual({ text: 'Verlopen op 23/11/2026', state: 'expired' });
  });
});
