import { Injectable } from '@nestjs/common';

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
