import type { EntryContext } from '@remix-run/node';
import { apiRequest } from '../core/api.server';
import { usageAllowed } from '../account/consent.server';
import { routePattern, subjectSlug } from '../core/route-pattern';
import { getAccessToken } from '../core/session.server';

export interface PageView {
  route: string;
  slug?: string;
}

/** Without waiting: counting never slows or fails a page. */
export function recordPageView(request: Request, route: string, slug?: string): void {
  if (counts(request, route)) sendPageView(request, { route, slug });
}

function counts(request: Request, route: string): boolean {
  return Boolean(getAccessToken(request)) && usageAllowed(request) && route.startsWith('/');
}

export function sendPageView(request: Request, { route, slug }: PageView): void {
  apiRequest(request, 'post', '/api/insight/page-views', { body: { route, ...(slug ? { slug } : {}) } }, { auth: 'optional' }).catch(() => undefined);
}

/** The first page of a visit and every page without JavaScript are counted here; null when it does not count. */
export function renderedPageView(request: Request, status: number, context: EntryContext): PageView | null {
  if (request.method !== 'GET' || status !== 200) return null;
  const matches = context.staticHandlerContext.matches;
  if (!matches.some((match) => match.route.id === 'routes/_shell')) return null;
  const leaf = matches[matches.length - 1];
  const route = routePattern(leaf.route.id);
  if (!counts(request, route)) return null;
  return { route, slug: subjectSlug(route, leaf.params) };
}
