import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { FIELD_ERRORS, LIMITS } from '@datahub/domain';
import { AcceptablePassword } from './acceptable-password';

export class LoginDto {
  @ApiProperty({ example: 'eigenaar@kwekerij-delta.test' })
  @IsNotEmpty({ message: FIELD_ERRORS.required })
  @IsString({ message: FIELD_ERRORS.invalid })
  @MaxLength(LIMITS.emailMax, { message: FIELD_ERRORS.maxLength(LIMITS.emailMax) })
  email: string;

  @ApiProperty({ example: 'Tuinbouw-demo-2026' })
  @IsNotEmpty({ message: FIELD_ERRORS.required })
  @IsString({ message: FIELD_ERRORS.invalid })
  @MaxLength(LIMITS.passwordMax, { message: FIELD_ERRORS.maxLength(LIMITS.passwordMax) })
  password: string;
}

export class SignupDto {
  @ApiProperty({ example: 'Anna' })
  @IsString({ message: FIELD_ERRORS.invalid })
  @IsNotEmpty({ message: FIELD_ERRORS.required })
  @MaxLength(LIMITS.personNameMax, { message: FIELD_ERRORS.maxLength(LIMITS.personNameMax) })
  firstname: string;

  @ApiProperty({ example: 'de Vries' })
  @IsString({ message: FIELD_ERRORS.invalid })
  @IsNotEmpty({ message: FIELD_ERRORS.required })
  @MaxLength(LIMITS.personNameMax, { message: FIELD_ERRORS.maxLength(LIMITS.personNameMax) })
  lastname: string;

  @ApiProperty({ example: 'anna@example.nl' })
  @IsNotEmpty({ message: FIELD_ERRORS.required })
  @IsEmail({}, { message: FIELD_ERRORS.email })
  @MaxLength(LIMITS.emailMax, { message: FIELD_ERRORS.maxLength(LIMITS.emailMax) })
  email: string;

  @ApiProperty({ minLength: LIMITS.passwordMin, description: 'Not a common password, a repetition or sequence, or the e-mail address' })
  @IsString({ message: FIELD_ERRORS.invalid })
  @IsNotEmpty({ message: FIELD_ERRORS.required })
  @MinLength(LIMITS.passwordMin, { message: FIELD_ERRORS.minLength(LIMITS.passwordMin) })
  @MaxLength(LIMITS.passwordMax, { message: FIELD_ERRORS.maxLength(LIMITS.passwordMax) })
  @AcceptablePassword()
  password: string;

  @ApiPropertyOptional({ description: 'The token from an invitation link: places the newcomer in the inviting organisation' })
  @IsOptional()
  @IsString({ message: FIELD_ERRORS.invalid })
  @MaxLength(200, { message: FIELD_ERRORS.invalid })
  invitation?: string;
}

export class IssuedTokenView {
  @ApiProperty()
  access_token: string;

  @ApiProperty({ example: '2026-11-22T18:00:00.000Z' })
  expires_at: string;
}

export class ProviderView {
  @ApiProperty({ enum: ['google', 'microsoft', 'github'] })
  id: 'google' | 'microsoft' | 'github';

  @ApiProperty({ example: '/api/auth/google' })
  url: string;
}

export class ProvidersView {
  @ApiProperty()
  signup_enabled: boolean;

  @ApiProperty({ type: [ProviderView] })
  providers: ProviderView[];
}

export class SignupPendingView {
  @ApiProperty({ enum: ['verification_sent'], description: 'A link was mailed; the account exists once it is followed' })
  status: 'verification_sent';

  @ApiProperty({ example: 'anna@example.nl' })
  email: string;
}

export class ResendVerificationDto {
  @ApiProperty({ example: 'anna@example.nl' })
  @IsNotEmpty({ message: FIELD_ERRORS.required })
  @IsEmail({}, { message: FIELD_ERRORS.email })
  @MaxLength(LIMITS.emailMax, { message: FIELD_ERRORS.maxLength(LIMITS.emailMax) })
  email: string;
}

export class VerifySignupDto {
  @ApiProperty({ description: 'The token from the verification link /registreren/bevestigen/{token}' })
  @IsString({ message: FIELD_ERRORS.invalid })
  @IsNotEmpty({ message: FIELD_ERRORS.required })
  @MaxLength(200, { message: FIELD_ERRORS.invalid })
  token: string;

  @ApiProperty({ description: 'The password chosen at sign-up' })
  @IsString({ message: FIELD_ERRORS.invalid })
  @IsNotEmpty({ message: FIELD_ERRORS.required })
  @MaxLength(LIMITS.passwordMax, { message: FIELD_ERRORS.maxLength(LIMITS.passwordMax) })
  password: string;
}

export class SignupPlacementView {
  @ApiProperty({ example: 'anna@kwekerij-delta.nl' })
  email: string;

  @ApiProperty({ type: String, nullable: true, description: 'The organisation that claimed the e-mail domain; null: a new personal organisation' })
  organization_name: string | null;
}
