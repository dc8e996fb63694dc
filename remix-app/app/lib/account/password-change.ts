import type { FormReply } from '../core/forms';

/** The hidden `intent` of the 'Wachtwoord wijzigen' form on /profiel. */
export const PASSWORD_INTENT = 'wachtwoord';
/** `endOthers`: the checkbox as it was posted, shown again when the change is refused. */
export type PasswordReply = FormReply & { intent: typeof PASSWORD_INTENT; endOthers?: boolean };
