import { SECOND_STEP } from '@datahub/domain';
import type { FormReply } from '../core/forms';

/** The hidden `intent` of the two-step forms on /profiel and /tweestapsverificatie; `stap` says which. */
export const TWO_FACTOR_INTENT = 'tweestaps';
export type TwoFactorStep = 'start' | 'annuleren' | 'bevestigen' | 'uitschakelen';

/** Where a platform admin who must turn on two-step sign-in is sent (REQUIRE_2FA_FOR_ADMINS). */
export const TWO_FACTOR_ENROL_PATH = '/tweestapsverificatie';

/** `recoveryCodes` only for a confirmed enrolment (shown once, never stored by the portal). */
export type TwoFactorReply = FormReply & { intent: typeof TWO_FACTOR_INTENT; step: TwoFactorStep; recoveryCodes?: string[]; endOthers?: boolean };

/** The hidden `intent` of the code form on /inloggen; `?stap=` says whether it asks for an app code or a recovery code. */
export const SECOND_STEP_INTENT = 'tweede-stap';
export { SECOND_STEP };
export type SecondStepMode = (typeof SECOND_STEP)['code' | 'recovery'];
export type SecondStepReply = FormReply & { intent: typeof SECOND_STEP_INTENT; expired?: boolean };
