import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { rows, type Queryable } from '../database/queryable';

export interface CounterRow {
  key: string;
  count: number;
  retry_after: number;
}

@Injectable()
export class AttemptCountersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  open(keys: string[], db: Queryable = this.dataSource): Promise<CounterRow[]> {
    return rows<CounterRow>(
      db,
      `SELECT key, count, ceil(extract(epoch FROM window_ends - now()))::int AS retry_after
         FROM attempt_counters WHERE key = ANY($1::text[]) AND window_ends > now()`,
      [keys],
    );
  }

  /** In the given order (callers sort, so two hits never deadlock); a hit after a window's end starts a new one. */
  hit(sortedKeys: string[], windowSeconds: number, db: Queryable = this.dataSource): Promise<CounterRow[]> {
    return rows<CounterRow>(
      db,
      `INSERT INTO attempt_counters AS c (key, count, window_ends)
       SELECT k, 1, now() + make_interval(secs => $2) FROM unnest($1::text[]) AS k ORDER BY k
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN c.window_ends <= now() THEN 1 ELSE c.count + 1 END,
         window_ends = CASE WHEN c.window_ends <= now() THEN EXCLUDED.window_ends ELSE c.window_ends END
       RETURNING key, count, ceil(extract(epoch FROM window_ends - now()))::int AS retry_after`,
      [sortedKeys, windowSeconds],
    );
  }

  async reset(key: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('DELETE FROM attempt_counters WHERE key = $1', [key]);
  }

  async deleteEnded(db: Queryable = this.dataSource): Promise<void> {
    await db.query('DELETE FROM attempt_counters WHERE window_ends <= now()');
  }
}
