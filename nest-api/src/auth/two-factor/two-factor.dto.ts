import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { FIELD_ERRORS, RECOVERY_CODE_COUNT } from '@datahub/domain';

export class TwoFactorCodeDto {
  @ApiProperty({ example: '123456', description: 'Six digits from the authenticator app, or (to turn it off) an unused recovery code' })
  @IsString({ message: FIELD_ERRORS.invalid })
  @IsNotEmpty({ message: FIELD_ERRORS.required })
  @MaxLength(40, { message: FIELD_ERRORS.maxLength(40) })
  code: string;
}

/** Turning it on: whoever else holds the account is put out, unless the user unticks it. */
export class TwoFactorConfirmDto extends TwoFactorCodeDto {
  @ApiPropertyOptional({ description: 'End every other session and revoke your personal API tokens; absent: true (the safe choice for older clients)' })
  @IsOptional()
  @IsBoolean({ message: FIELD_ERRORS.invalid })
  end_other_sessions_and_tokens?: boolean;
}

export class TwoFactorLoginDto extends TwoFactorCodeDto {
  @ApiProperty({ description: 'The token the password step answered with (202)' })
  @IsString({ message: FIELD_ERRORS.invalid })
  @IsNotEmpty({ message: FIELD_ERRORS.required })
  @MaxLength(200, { message: FIELD_ERRORS.invalid })
  challenge: string;
}

export class TwoFactorStateView {
  @ApiProperty({ description: 'False for accounts made through Google, Microsoft or GitHub: the provider asks for a second step, the portal shows no forms' })
  available: boolean;

  @ApiProperty()
  enabled: boolean;

  @ApiProperty({ description: 'Enrolment started and not yet confirmed with a code' })
  pending: boolean;

  @ApiProperty()
  recovery_codes_left: number;

  @ApiProperty({ description: 'A platform admin who must turn it on before anything else (REQUIRE_2FA_FOR_ADMINS)' })
  required: boolean;
}

export class TwoFactorEnrolmentView {
  @ApiProperty({ description: 'Base32 secret to type into the app; only readable until enrolment is confirmed' })
  secret: string;

  @ApiProperty({ example: 'otpauth://totp/Datahub%20Tuinbouw:anna%40example.nl?…' })
  otpauth_url: string;

  @ApiProperty({ description: 'The otpauth address as an SVG QR code' })
  qr_svg: string;
}

export class RecoveryCodesView {
  @ApiProperty({ type: [String], minItems: RECOVERY_CODE_COUNT, maxItems: RECOVERY_CODE_COUNT, description: 'Shown this once; only hashes are kept' })
  recovery_codes: string[];
}

export class TwoFactorChallengeView {
  @ApiProperty({ enum: ['two_factor_required'] })
  status: 'two_factor_required';

  @ApiProperty({ description: 'Single use, for POST /api/auth/login/two-factor' })
  challenge: string;

  @ApiProperty({ example: '2026-11-22T18:05:00.000Z' })
  expires_at: string;
}
