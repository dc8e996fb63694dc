import { ApiProperty } from '@nestjs/swagger';

export class TimedJobView {
  @ApiProperty({ example: 'discovery' }) name: string;
  @ApiProperty({ description: 'Seconds between runs; 0: turned off' }) interval_seconds: number;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) last_started_at: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) last_finished_at: string | null;
  @ApiProperty({ type: String, nullable: true, enum: ['running', 'ok', 'failed'] }) last_outcome: 'running' | 'ok' | 'failed' | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Attempt number of the last run (1: first try)' }) last_attempt: number | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'Start of the next interval; null when turned off' })
  next_run_at: string | null;
}
