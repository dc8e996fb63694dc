import { createHmac, timingSafeEqual } from 'node:crypto';

interface Flow {
  provider: string;
  state: string;
  nonce: string;
  verifier: string;
  redirect: string;
  expires: number;
}

export const FLOW_COOKIE = 'oauth_flow';

function sign(secret: string, payload: string): string {
  return createHmac('sha256', `oauth-flow:${secret}`).update(payload).digest('base64url');
}

export function sealFlow(secret: string, flow: Flow): string {
  const payload = Buffer.from(JSON.stringify(flow)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

export function openFlow(secret: string, value: string | undefined, now = Date.now()): Flow | null {
  if (!value) return null;
  const [payload, mac] = value.split('.');
  if (!payload || !mac) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const flow = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Flow;
    return flow.expires > now ? flow : null;
  } catch {
    return null;
  }
}
