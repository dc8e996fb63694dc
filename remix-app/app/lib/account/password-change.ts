import type { FormReply } from '../core/forms';

export const PASSWORD_INTENT = 'wachtwoord';
/** Shown again when the change is refused. */
export type PasswordReply = FormReply & { intent: typeof PASSWORD_INTENT; endOthers?: boolean };
