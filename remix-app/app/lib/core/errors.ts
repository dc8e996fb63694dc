import { isRouteErrorResponse } from '@remix-run/react';
import { ERROR_TEXTS, LABELS } from '@datahub/domain';

export function describeError(error: unknown): { title: string; message: string } {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return { title: LABELS.errorPage.notFoundTitle, message: ERROR_TEXTS.notFound };
    if (error.status === 403) return { title: LABELS.errorPage.forbiddenTitle, message: LABELS.errorPage.forbidden };
    if (error.status === 400 || error.status === 415) return { title: LABELS.errorPage.title, message: LABELS.errorPage.notAForm };
    if (error.status === 502 || error.status === 503)
      return { title: LABELS.errorPage.title, message: LABELS.errorPage.unavailable };
  }
  return { title: LABELS.errorPage.title, message: ERROR_TEXTS.generic };
}
