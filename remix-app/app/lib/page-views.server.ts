import type { EntryContext } from '@remix-run/node';
import { apiRequest } from './api.server';
import { usageAllowed } from './consent.server';
import { routePattern, subjectSlug } from './route-pattern';
import { getAccessToken } from './session.server';

/** Hands a page view to nest-api without waiting: counting never slows or fails a page. */
export function recordPageView(request: Request, route: string, slug?: string): void {
  if (!getAccessToken(request) || !usageAllowed(request) || !route.startsWith('/')) return;
  apiRequest(request, 'post', '/api/insight/page-views', { body: { route, ...(slug ? { slug } : {}) } }, { auth: 'optional' }).catch(() => undefined);
}

/** A signed-in page rendered on the server (the first page of a visit, and every page without JavaScript). */
export function recordRenderedPage(request: Request, status: number, context: EntryContext): void {
  if (request.method !== 'GET' || status !== 200) return;
  const matches = context.staticHandlerContext.matches;
  if (!matches.some((match) => match.route.id === 'routes/_shell')) return;
  const leaf = matches[matches.length - 1];
  const route = routePattern(leaf.route.id);
  recordPageView(request, route, subjectSlug(route, leaf.params));
}
