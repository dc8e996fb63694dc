import type { FormReply } from '../core/forms';

export const PASSWORD_INTENT = 'wachtwoord';
export type PasswordReply = FormReply & { intent: typeof PASSWORD_INTENT; endOthers?: boolean };
