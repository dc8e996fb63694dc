import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { FIELD_ERRORS, LIMITS } from '@datahub/domain';

export class CreateInvitationDto {
  @ApiProperty({ example: 'collega@kwekerij-delta.nl' })
  @IsString({ message: FIELD_ERRORS.invalid })
  @MaxLength(LIMITS.emailMax, { message: FIELD_ERRORS.maxLength(LIMITS.emailMax) })
  email: string;
}

/** The same for every address, so the answer tells no one who has an account. */
export class InvitationSentView {
  @ApiProperty()
  email: string;
}

export class PendingInvitationView {
  @ApiProperty({ format: 'uuid' })
  invitation_id: string;

  @ApiProperty()
  email: string;

  @ApiProperty({ description: 'When the current link was sent (a resend sends a new one)' })
  sent_at: string;

  @ApiProperty()
  expires_at: string;
}

export class InvitationView {
  @ApiProperty()
  email: string;

  @ApiProperty()
  organization_name: string;

  @ApiProperty()
  organization_slug: string;

  @ApiProperty()
  expires_at: string;
}
