import type { FormReply } from '../core/forms';

/** The hidden `intent` of the 'Wachtwoord wijzigen' form on /profiel. */
export const PASSWORD_INTENT = 'wachtwoord';
export type PasswordReply = FormReply & { intent: typeof PASSWORD_INTENT };
