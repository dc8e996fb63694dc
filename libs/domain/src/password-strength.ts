import { LIMITS } from './limits';

export type PasswordStrength = 'short' | 'weak' | 'fair' | 'strong';

/** Shown while typing (with JavaScript); the server's rule decides. */
export const PASSWORD_STRENGTH_TEXTS: Record<PasswordStrength, string> = {
  short: `Nog te kort: minstens ${LIMITS.passwordMin} tekens.`,
  weak: 'Zwak: te veel herhaling. Kies iets minder voorspelbaars.',
  fair: 'Redelijk. Langer maakt het sterker.',
  strong: 'Sterk.',
};

/** NIST SP 800-63B: length counts, no composition rules. The common-password list is not in browser bundles, so the server decides. */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < LIMITS.passwordMin) return 'short';
  const distinct = new Set(password.toLowerCase()).size;
  if (distinct < 5) return 'weak';
  return password.length >= 16 && distinct >= 8 ? 'strong' : 'fair';
}
