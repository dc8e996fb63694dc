// A post-login target is only a same-origin path, checked after decoding and resolving dot segments as a browser reads it ('/./%2F%2Fevil').
const BASE = 'http://same-origin.invalid';
/** Deeper encodings than this are not followed but refused. */
const MAX_DECODES = 4;
const FORBIDDEN = /[\u0000-\u001f\u007f\\]/;

/** Null when that does not settle or cannot be decoded. */
function fullyDecoded(target: string): string | null {
  let current = target;
  for (let round = 0; round < MAX_DECODES; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

function isSameOriginPath(path: string): boolean {
  if (!path.startsWith('/') || FORBIDDEN.test(path)) return false;
  try {
    const url = new URL(path, BASE);
    return url.origin === BASE && !url.pathname.startsWith('//');
  } catch {
    return false;
  }
}

export function safeRedirectPath(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2000) return fallback;
  if (!isSameOriginPath(target)) return fallback;
  const decoded = fullyDecoded(target);
  if (decoded === null || !isSameOriginPath(decoded)) return fallback;
  const url = new URL(target, BASE);
  const normalised = `${url.pathname}${url.search}${url.hash}`;
  const normalisedDecoded = fullyDecoded(normalised);
  if (normalisedDecoded === null || !isSameOriginPath(normalised) || !isSameOriginPath(normalisedDecoded)) return fallback;
  return normalised;
}
