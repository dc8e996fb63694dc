import { Injectable } from '@nestjs/common';
import { WEBHOOK_RETRY_HOURS } from '@datahub/domain';

/** How long webhook deliveries are retried, and a webhook may fail before it is switched off. */
export const RETRY_WINDOW_MS = WEBHOOK_RETRY_HOURS * 3_600_000;

/** The end of a delivery's retries when it is queued (or resent) at `at`. */
export function retryUntil(at: Date): Date {
  return new Date(at.getTime() + RETRY_WINDOW_MS);
}

/**
 * The time the webhook rules use (backoff, 24 hours of retries, switching off after 24 hours of
 * failures): the real time, moved forward by tests instead of sleeping.
 */
@Injectable()
export class EventClock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Tests only: let this much time pass at once. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
