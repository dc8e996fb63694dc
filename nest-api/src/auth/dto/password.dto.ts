import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { FIELD_ERRORS, LIMITS } from '@datahub/domain';
import { ResendVerificationDto } from './login.dto';

/** The length rules of a new password; the rest of the rule (passwordProblem) needs the account's address, so the service applies it. */
function NewPassword(): PropertyDecorator {
  return (target, key) => {
    IsString({ message: FIELD_ERRORS.invalid })(target, key);
    IsNotEmpty({ message: FIELD_ERRORS.required })(target, key);
    MinLength(LIMITS.passwordMin, { message: FIELD_ERRORS.minLength(LIMITS.passwordMin) })(target, key);
    MaxLength(LIMITS.passwordMax, { message: FIELD_ERRORS.maxLength(LIMITS.passwordMax) })(target, key);
  };
}

export class RequestPasswordResetDto extends ResendVerificationDto {}

export class PasswordResetSentView {
  @ApiProperty({ enum: ['reset_sent'], description: 'The same answer whether or not the address has an account' })
  status: 'reset_sent';
}

export class PasswordResetView {
  @ApiProperty({ example: 'anna@example.nl', description: 'The account the link is for' })
  email: string;
}

export class CompletePasswordResetDto {
  @ApiProperty({ description: 'The token from the link /wachtwoord-herstellen/{token}' })
  @IsString({ message: FIELD_ERRORS.invalid })
  @IsNotEmpty({ message: FIELD_ERRORS.required })
  @MaxLength(200, { message: FIELD_ERRORS.invalid })
  token: string;

  @ApiProperty({ minLength: LIMITS.passwordMin, description: 'Not a common password, a repetition or sequence, or the e-mail address' })
  @NewPassword()
  password: string;
}

export class ChangePasswordDto {
  @ApiProperty()
  @IsString({ message: FIELD_ERRORS.invalid })
  @IsNotEmpty({ message: FIELD_ERRORS.required })
  @MaxLength(LIMITS.passwordMax, { message: FIELD_ERRORS.maxLength(LIMITS.passwordMax) })
  current_password: string;

  @ApiProperty({ minLength: LIMITS.passwordMin, description: 'Not a common password, a repetition or sequence, or the e-mail address' })
  @NewPassword()
  password: string;

  @ApiPropertyOptional({ description: 'End every other session and revoke your personal API tokens; absent: true (the safe choice for older clients)' })
  @IsOptional()
  @IsBoolean({ message: FIELD_ERRORS.invalid })
  end_other_sessions_and_tokens?: boolean;
}

export class PasswordStateView {
  @ApiProperty({ description: 'False for accounts made through Google, Microsoft or GitHub: they show no password forms' })
  has_password: boolean;
}
