import type { AppLoadContext } from '@remix-run/node';

/**
 * One answer per HTTP request. A document request's action and loaders each get their own copy of
 * the Request but share its load context: what the action looked up (the dataset a form posts to)
 * the loaders need not ask nest-api again.
 */
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
