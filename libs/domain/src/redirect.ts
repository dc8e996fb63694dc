/**
 * A post-login target is only ever a same-origin path: '/x?y#z'. Anything else
 * (absolute URLs, protocol-relative '//host', backslash tricks, control characters, also
 * percent-encoded ones: a later decode must not turn them into a header break) becomes '/'.
 */
export function safeRedirectPath(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2000) return fallback;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  // Control characters, also percent-encoded, are exactly what must not reach a Location header.
  if (/[\u0000-\u001f\u007f\\]/.test(target) || /%(?:[01][0-9a-f]|7f)/i.test(target)) return fallback;
  try {
    const base = 'http://same-origin.invalid';
    const url = new URL(target, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
