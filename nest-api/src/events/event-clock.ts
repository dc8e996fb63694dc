import { Injectable } from '@nestjs/common';
import { WEBHOOK_RETRY_HOURS } from '@datahub/domain';

/** Also how long a webhook may fail before it is switched off. */
export const RETRY_WINDOW_MS = WEBHOOK_RETRY_HOURS * 3_600_000;

export function retryUntil(at: Date): Date {
  return new Date(at.getTime() + RETRY_WINDOW_MS);
}

/** Moved forward by tests instead of sleeping. */
@Injectable()
export class EventClock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
