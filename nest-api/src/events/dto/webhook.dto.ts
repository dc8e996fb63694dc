import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { EVENT_KINDS, FIELD_ERRORS, WEBHOOK_LABELS } from '@datahub/domain';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** A form sends one chosen kind as a plain string. */
const list = ({ value }: { value: unknown }) => (typeof value === 'string' ? [value] : value);

export class CreateWebhookDto {
  @ApiProperty({ maxLength: 2000, example: 'https://koppeling.kwekerij.nl/datahub' })
  @Transform(trim)
  @IsString({ message: WEBHOOK_LABELS.urlInvalid })
  @IsNotEmpty({ message: WEBHOOK_LABELS.urlInvalid })
  @MaxLength(2000, { message: WEBHOOK_LABELS.urlInvalid })
  @Matches(/^https?:\/\/[^\s/?#]+\S*$/i, { message: WEBHOOK_LABELS.urlInvalid })
  url: string;

  @ApiProperty({ enum: EVENT_KINDS, isArray: true })
  @Transform(list)
  @IsArray({ message: WEBHOOK_LABELS.kindsRequired })
  @ArrayNotEmpty({ message: WEBHOOK_LABELS.kindsRequired })
  @ArrayMaxSize(EVENT_KINDS.length, { message: FIELD_ERRORS.invalid })
  @IsIn(EVENT_KINDS, { each: true, message: FIELD_ERRORS.invalid })
  kinds: string[];
}

export class WebhookView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  url: string;

  @ApiProperty({ enum: EVENT_KINDS, isArray: true })
  kinds: string[];

  @ApiProperty({ description: 'Name of who made it' })
  created_by: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'Since when deliveries fail (null: the last one succeeded)' })
  failing_since: string | null;

  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'Switched off after 24 hours of failures (null: active)' })
  disabled_at: string | null;
}

export class CreatedWebhookView extends WebhookView {
  @ApiProperty({ example: 'whsec_…', description: 'The signing secret: shown this once' })
  secret: string;
}

export class WebhookDeliveryView {
  @ApiProperty()
  id: string;

  @ApiProperty({ enum: EVENT_KINDS })
  kind: string;

  @ApiProperty({ enum: ['pending', 'delivered', 'failed'] })
  status: string;

  @ApiProperty()
  attempts: number;

  @ApiProperty({ nullable: true, type: Number, description: 'HTTP status of the last attempt (null: no answer)' })
  response_status: number | null;

  @ApiProperty({ nullable: true, type: Number, description: 'Duration of the last attempt, ms' })
  duration_ms: number | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time', nullable: true, type: String })
  last_attempt_at: string | null;

  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'When a waiting delivery is tried next' })
  next_attempt_at: string | null;
}
