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

/** Around a dataset load, so the parsed input goes back to the system now; `minor` during a download lets copied pieces be reused. */
export function collectGarbage(kind: 'full' | 'minor' = 'full'): void {
  gc(kind === 'minor' ? { type: 'minor' } : undefined);
}
