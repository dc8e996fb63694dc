import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('the strength hint', () => {
  it('counts length and variety, not composition', () => {
    expect(passwordStrength('Kort-123')).toBe('short');
    expect(passwordStrength('abababababab')).toBe('weak');
    expect(passwordStrength('Tuinbouw-2026')).toBe('fair');
    expect(passwordStrength('paarse tomaten in de kas')).toBe('strong');
  });
});
