/**
 * Wall-clock times of a climate computer (local, no offset) to instants. Around the autumn change
 * the hour 02:00–03:00 occurs twice; rows come in time order, so a local time that would go back
 * before the previous row's instant takes the later (winter) offset. In spring 02:00–03:00 does not
 * exist: such a time is refused rather than guessed.
 */
import { IANAZone } from 'luxon';

const HOUR = 3_600_000;

export class LocalTimes {
  private readonly zone: IANAZone;
  /** Candidate instants per local hour (wall-clock ms as if UTC, floored to the hour). */
  private readonly cache = new Map<number, number[]>();
  private last = Number.NEGATIVE_INFINITY;

  constructor(zoneName: string) {
    if (!IANAZone.isValidZone(zoneName)) throw new Error(`unknown time zone: ${zoneName}`);
    this.zone = IANAZone.create(zoneName);
  }

  /** Whether `zoneName` is a time zone of the IANA database (e.g. 'Europe/Amsterdam', 'UTC'). */
  static isValidZone(zoneName: string): boolean {
    return IANAZone.isValidZone(zoneName);
  }

  /**
   * The instant (epoch ms) of a wall-clock time given as epoch ms read as if it were UTC, or
   * undefined when that wall-clock time does not exist in the zone (the spring gap).
   */
  instant(wallMs: number): number | undefined {
    const hour = Math.floor(wallMs / HOUR) * HOUR;
    let offsets = this.cache.get(hour);
    if (!offsets) {
      // The offsets in force a day either side cover every change; keep those that map back.
      const candidates = new Set([-1, 0, 1].map((days) => this.zone.offset(hour + days * 24 * HOUR)));
      offsets = [...candidates].filter((offset) => this.zone.offset(hour - offset * 60_000) === offset).sort((a, b) => b - a);
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(hour, offsets);
    }
    if (offsets.length === 0) return undefined;
    // Largest offset first = earliest instant; a second (later) one only in the repeated hour.
    let chosen = wallMs - offsets[0] * 60_000;
    if (offsets.length > 1 && chosen <= this.last) chosen = wallMs - offsets[offsets.length - 1] * 60_000;
    this.last = chosen;
    return chosen;
  }
}
