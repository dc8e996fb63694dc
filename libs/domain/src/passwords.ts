import { COMMON_PASSWORDS_TEXT } from './data/common-passwords';

export const PASSWORD_ERRORS = {
  common: 'Dit wachtwoord wordt veel gebruikt en is makkelijk te raden. Kies een ander wachtwoord.',
  repetitive: 'Dit wachtwoord is een herhaling of een reeks (zoals aaaa of 1234) en is makkelijk te raden. Kies een ander wachtwoord.',
  email: 'Uw wachtwoord mag niet uw e-mailadres zijn of bevatten.',
} as const;

let common: Set<string> | null = null;
function isCommon(candidate: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n').filter(Boolean));
  return common.has(candidate);
}

function isRun(text: string): boolean {
  const step = text.charCodeAt(1) - text.charCodeAt(0);
  if (Math.abs(step) > 1) return false;
  for (let i = 2; i < text.length; i += 1) if (text.charCodeAt(i) - text.charCodeAt(i - 1) !== step) return false;
  return true;
}

function isRepetitive(password: string): boolean {
  if (new Set(password).size < 4) return true;
  if (/^(.+)\1+$/su.test(password)) return true;
  const digitsRound = /^\d+$/.test(password) && [...password].every((c, i) => i === 0 || (Number(c) - Number(password[i - 1]) + 10) % 10 === (Number(password[1]) - Number(password[0]) + 10) % 10);
  return isRun(password) || digitsRound;
}

/** The one password rule besides the length, used by the API (authoritative) and the portal. Returns the Dutch refusal, or null. */
export function passwordProblem(password: string, email?: string): string | null {
  const lower = password.toLowerCase();
  // As typed, without signs at the ends ('qwerty123456!'), and without digits and signs at the ends ('Sunshine2026!').
  const variants = [lower, lower.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''), lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')];
  if (variants.some((variant) => variant.length >= 8 && isCommon(variant))) return PASSWORD_ERRORS.common;
  if (isRepetitive(lower)) return PASSWORD_ERRORS.repetitive;
  const address = email?.trim().toLowerCase() ?? '';
  const localPart = address.split('@')[0] ?? '';
  if (address && (lower.includes(address) || (localPart.length >= 4 && lower.replace(/[^\p{L}\p{N}]/gu, '') === localPart.replace(/[^\p{L}\p{N}]/gu, '')))) return PASSWORD_ERRORS.email;
  return null;
}
