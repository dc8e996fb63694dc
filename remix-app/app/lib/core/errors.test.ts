import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, LABELS } from '@datahub/domain';
import { describeError } from './errors';

const response = (status: number) => ({ status, statusText: '', internal: false, data: null });

describe('describeError', () => {
  it('names the HTTP errors in Dutch', () => {
    expect(describeError(response(404)).message).toBe(ERROR_TEXTS.notFound);
    expect(describeError(response(403)).message).toBe(LABELS.errorPage.forbidden);
    expect(describeError(response(503)).message).toBe(LABELS.errorPage.unavailable);
    expect(describeError(response(415)).message).toBe(LABELS.errorPage.notAForm);
    expect(describeError(response(400)).message).toBe(LABELS.errorPage.notAForm);
  });

  it('never shows what a thrown error says', () => {
    const described = describeError(new Error('TypeError at /srv/app/secret.ts:12'));
    expect(described).toEqual({ title: LABELS.errorPage.title, message: ERROR_TEXTS.generic });
  });
});
