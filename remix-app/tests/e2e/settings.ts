/** Fixed values shared by playwright.config.ts (which starts the servers) and the specs. */
export const PORTAL_PORT = Number(process.env.E2E_PORTAL_PORT ?? 3310);
export const API_PORT = Number(process.env.E2E_API_PORT ?? PORTAL_PORT + 1);
/** The test SMTP sink (tests/e2e/smtp-sink.mjs): SMTP for nest-api, HTTP (JSON) for the specs. */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORTAL_PORT + 2);
export const MAIL_HTTP_PORT = Number(process.env.E2E_MAIL_HTTP_PORT ?? PORTAL_PORT + 3);
export const JWT_SECRET = 'e2e-jwt-secret-only-for-tests-0123456789abcdef';
export const CSRF_SECRET = 'e2e-csrf-secret-only-for-tests-0123456789abcdef';
export const DEMO_PASSWORD = 'Tuinbouw-demo-2026';

export const DEMO_USERS = {
  admin: 'beheer@datahub.test',
  owner: 'eigenaar@kwekerij-delta.test',
  member: 'lid@kwekerij-delta.test',
  otherOwner: 'eigenaar@kassenbouw-west.test',
} as const;
