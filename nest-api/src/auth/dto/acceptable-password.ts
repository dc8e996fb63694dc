import { ValidateBy, type ValidationArguments } from 'class-validator';
import { passwordProblem } from '@datahub/domain/server';

const problemOf = (value: unknown, args: ValidationArguments | undefined): string | null => {
  if (typeof value !== 'string') return null; // @IsString names that
  return passwordProblem(value, (args?.object as { email?: unknown } | undefined)?.email?.toString());
};

/** A new password passes the shared rule of @datahub/domain (common, repetitive, the e-mail address); the Dutch reason is the field's error. */
export const AcceptablePassword = () =>
  ValidateBy({
    name: 'acceptablePassword',
    validator: {
      validate: (value, args) => problemOf(value, args) === null,
      defaultMessage: (args) => problemOf(args?.value, args) ?? '',
    },
  });
