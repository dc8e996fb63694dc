import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps (ADR 0032). */
const ISSUER = 'Datahub Tuinbouw';
const PERIOD_SECONDS = 30;
/** One step either side: a phone clock a little off, or a code typed as it changed. */
const WINDOW_STEPS = 1;

function totpFor(secret: string, label = ''): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUrl(secret: string, accountEmail: string): string {
  return totpFor(secret, accountEmail).toString();
}

/** The QR code of `url` as an SVG document, drawn on the server so the page needs no script. */
export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

export function isTotpShaped(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** The caller refuses a step at or before the last one used, so a code seen over someone's shoulder cannot be used again. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  if (!isTotpShaped(code)) return null;
  const totp = totpFor(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW_STEPS });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}
