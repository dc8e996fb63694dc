import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { FIELD_ERRORS } from '@datahub/domain';
import { ApiError } from './errors';

function collect(errors: ValidationError[], prefix = '', into: Record<string, string> = {}): Record<string, string> {
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const constraints = error.constraints ?? {};
    if (constraints.whitelistValidation) into[field] = FIELD_ERRORS.unknownField;
    else {
      // A missing value fails every rule; saying it is required is the useful message.
      const message = constraints.isNotEmpty ?? constraints.isDefined ?? constraints.isString ?? Object.values(constraints)[0];
      if (message) into[field] = message;
    }
    if (error.children?.length) collect(error.children, field, into);
  }
  return into;
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => ApiError.validation(collect(errors)),
  });
}
