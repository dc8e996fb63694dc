import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROUTES = fileURLToPath(new URL('../../app/routes/', import.meta.url));
const ACTION = /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b|export\s*\{[^}]*\baction\b/;
const UUID = '00000000-0000-4000-8000-000000000000';

/**
 * A URL for a flat-routes file name: pathless segments (`_shell`) and `_index` dropped, a trailing
 * `_` (no layout nesting) dropped, `$param` filled in (an id as a UUID, anything else as text),
 * a splat as a path that matches no other route.
 */
function routeUrl(file: string): string {
  const segments = file
    .replace(/\.tsx?$/, '')
    .split('.')
    .filter((segment) => !segment.startsWith('_'))
    .map((segment) => segment.replace(/_$/, ''))
    .map((segment) => (segment === '$' ? 'bestaat-niet/echt-niet' : segment.startsWith('$') ? (/id$/i.test(segment) ? UUID : 'bestaat-niet') : segment));
  return `/${segments.join('/')}`;
}

/** Every route file that has an action, with its URL: read from the routes folder, so a new one is covered at once. */
export function actionRoutes(): { file: string; url: string }[] {
  return readdirSync(ROUTES)
    .filter((file) => /\.tsx?$/.test(file) && ACTION.test(readFileSync(`${ROUTES}${file}`, 'utf8')))
    .map((file) => ({ file, url: routeUrl(file) }));
}
