import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, loginErrorText } from './errors';
import { SIGN_IN_LIMIT_DETAILS } from './labels-sign-in-limits';

describe('the per-account cap on the sign-in pages (issue 32)', () => {
  it('shows its own Dutch text, not the generic error; the per-address limit keeps its text', () => {
    expect(loginErrorText({ detail: SIGN_IN_LIMIT_DETAILS.accountCapped })).toBe(SIGN_IN_LIMIT_DETAILS.accountCapped);
    expect(loginErrorText({ detail: SIGN_IN_LIMIT_DETAILS.accountCapped })).not.toBe(ERROR_TEXTS.generic);
    expect(loginErrorText({ detail: 'too many attempts' })).toBe(ERROR_TEXTS.login.tooManyAttempts);
  });
});
