import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Gc = (options?: { type: 'minor' | 'major' }) => void;

/** V8 offers the call only behind a flag, set just long enough to take it; without it, nothing happens. */
const gc = ((): Gc => {
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === 'function') return exposed as Gc;
  try {
    setFlagsFromString('--expose-gc');
    const taken = runInNewContext('gc') as unknown;
    setFlagsFromString('--no-expose-gc');
    return typeof taken === 'function' ? (taken as Gc) : () => undefined;
  } catch {
    return () => undefined;
  }
})();

/**
 * A collection of the calling thread's heap, for the moments around a dataset load: the downloaded
 * and parsed input (tens of MB) is given back to the system then, not at some later allocation, so
 * resident memory is the data's own. `minor` (young objects only, about a millisecond) during a
 * download frees the pieces already copied, so the allocator reuses them instead of growing.
 */
export function collectGarbage(kind: 'full' | 'minor' = 'full'): void {
  gc(kind === 'minor' ? { type: 'minor' } : undefined);
}
