import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  it('round-trips, never stores the plaintext, and refuses another key or tampering', () => {
    const box = new SecretBox('k'.repeat(40));
    const sealed = box.seal('geheim-123');
    expect(sealed).not.toContain('geheim');
    expect(box.open(sealed)).toBe('geheim-123');
    expect(box.seal('geheim-123')).not.toBe(sealed);
    expect(() => new SecretBox('x'.repeat(40)).open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = `${parts[3].slice(0, -2)}AA`;
    expect(() => box.open(parts.join('.'))).toThrow();
  });
});
