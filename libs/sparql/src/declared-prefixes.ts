/** Only the head is read: declarations come first in practice, and a copy of hundreds of MB is not scanned twice. */
const HEAD_BYTES = 1024 * 1024;
const DECLARATION = /^[ \t]*(?:@prefix|PREFIX)[ \t]+([A-Za-z][\w.-]*)?:[ \t]*<([^>\s]*)>/gim;

export function declaredPrefixes(data: string | Uint8Array, format: 'turtle' | 'ntriples' | 'nquads' = 'turtle'): [string, string][] {
  if (format !== 'turtle') return [];
  const head = typeof data === 'string' ? data.slice(0, HEAD_BYTES) : new TextDecoder().decode(data.subarray(0, HEAD_BYTES));
  const found = new Map<string, string>();
  for (const match of head.matchAll(DECLARATION)) {
    // Only absolute namespaces: a relative one depends on a base the page does not know.
    if (/^[a-z][\w+.-]*:/i.test(match[2]!)) found.set(match[1] ?? '', match[2]!);
  }
  return [...found];
}
