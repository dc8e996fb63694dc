import { createHash } from 'node:crypto';
import pg from 'pg';

/** Prepared once per connection, named by its text, so PostgreSQL plans it once (ADR 0059); bounded, so generated SQL cannot grow it. */
const MAX_NAMED = 2_000;
const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `dh_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

class PreparingClient extends pg.Client {
  // pg's overloads; TypeORM calls query(text, values).
  override query(...args: unknown[]): never {
    const [text, values, callback] = args;
    const name = typeof text === 'string' && Array.isArray(values) && values.length > 0 ? nameOf(text) : undefined;
    const call = super.query as (...forwarded: unknown[]) => never;
    if (name === undefined) return call.apply(this, args);
    return call.call(this, { name, text, values }, ...(callback === undefined ? [] : [callback]));
  }
}

class PreparingPool extends pg.Pool {
  constructor(options?: pg.PoolConfig) {
    super({ ...options, Client: PreparingClient });
  }
}

/** pg as TypeORM's `driver`, with a pool of preparing clients; everything else is pg's own. */
export const preparingPg: typeof pg = Object.create(pg, { Pool: { value: PreparingPool } });
