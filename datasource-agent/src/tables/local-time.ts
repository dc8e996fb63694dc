// Rows come in time order, so in the repeated autumn hour a time that would go back takes the later (winter) offset; a time in the
// spring gap is refused rather than guessed.
import { IANAZone } from 'luxon';

const HOUR = 3_600_000;

export class LocalTimes {
  private readonly zone: IANAZone;
  private readonly cache = new Map<number, number[]>();
  private last = Number.NEGATIVE_INFINITY;

  constructor(zoneName: string) {
    if (!IANAZone.isValidZone(zoneName)) throw new Error(`unknown time zone: ${zoneName}`);
    this.zone = IANAZone.create(zoneName);
  }

  static isValidZone(zoneName: string): boolean {
    return IANAZone.isValidZone(zoneName);
  }

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
