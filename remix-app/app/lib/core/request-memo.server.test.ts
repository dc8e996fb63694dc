import { describe, expect, it } from 'vitest';
import type { AppLoadContext } from '@remix-run/node';
import { oncePerRequest } from './request-memo.server';

describe('oncePerRequest', () => {
  it('asks once per request and key, and again for another request', async () => {
    const [first, second] = [{} as AppLoadContext, {} as AppLoadContext];
    let asked = 0;
    const ask = () => Promise.resolve(++asked);
    expect(await Promise.all([oncePerRequest(first, 'dataset:a', ask), oncePerRequest(first, 'dataset:a', ask)])).toEqual([1, 1]);
    expect(await oncePerRequest(first, 'dataset:b', ask)).toBe(2);
    expect(await oncePerRequest(second, 'dataset:a', ask)).toBe(3);
  });

  it('keeps a refusal for whoever asks later, and never leaves it unhandled when nobody does', async () => {
    const context = {} as AppLoadContext;
    const refusal = new Response(null, { status: 302 });
    void oncePerRequest(context, 'dataset:x', () => Promise.reject(refusal));
    await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(oncePerRequest(context, 'dataset:x', () => Promise.resolve('again'))).rejects.toBe(refusal);
  });
});
