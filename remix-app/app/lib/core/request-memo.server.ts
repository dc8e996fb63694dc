import type { AppLoadContext } from '@remix-run/node';

// An action and its loaders share the load context: what the action looked up, the loaders need not ask again.
const memos = new WeakMap<AppLoadContext, Map<string, Promise<unknown>>>();

export function oncePerRequest<T>(context: AppLoadContext, key: string, ask: () => Promise<T>): Promise<T> {
  let memo = memos.get(context);
  if (!memo) memos.set(context, (memo = new Map()));
  let pending = memo.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = ask();
    memo.set(key, pending);
    // Asked ahead and not awaited (a refused action): never an unhandled rejection.
    pending.catch(() => undefined);
  }
  return pending;
}
