import { describe, expect, it } from 'vitest';
import { PASSWORD_ERRORS, passwordProblem } from './passwords';

describe('the password rule', () => {
  it('keeps the demo and test passwords and other fair choices', () => {
    for (const password of ['Tuinbouw-demo-2026', 'Correct-Horse-Battery-9', 'paars kassen met tomaten', 'Kwekerij-Delta-87!x']) expect(passwordProblem(password, 'anna@example.nl'), password).toBeNull();
  });

  it('refuses common passwords, also with digits or signs at either end', () => {
    for (const password of ['administrator', 'qwerty123456', '1qaz2wsx3edc', 'Sunshine2026!', 'Football12345', '!!password!!'])
      expect(passwordProblem(password), password).toBe(PASSWORD_ERRORS.common);
  });

  it('refuses repetitions and sequences', () => {
    for (const password of ['aaaaaaaaaaaa', 'abababababab', 'abcabcabcabc', 'abcdefghijklm', '345678901234', '876543210987', 'zyxwvutsrqpo', 'aaaaaaaaaaa1'])
      expect(passwordProblem(password), password).toBe(PASSWORD_ERRORS.repetitive);
  });

  it('refuses the e-mail address', () => {
    expect(passwordProblem('anna.devries@example.nl', 'Anna.deVries@example.nl')).toBe(PASSWORD_ERRORS.email);
    expect(passwordProblem('x-anna.devries@example.nl-x', 'anna.devries@example.nl')).toBe(PASSWORD_ERRORS.email);
    expect(passwordProblem('Anna.de.Vries', 'annadevries@example.nl')).toBe(PASSWORD_ERRORS.email);
  });
});
