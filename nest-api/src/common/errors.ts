import { HttpException, HttpStatus } from '@nestjs/common';
import { DETAILS } from '@datahub/domain';

/** Every deliberate API error: a status, a machine-readable detail, and optionally per-field messages. */
export class ApiError extends HttpException {
  constructor(
    status: number,
    readonly detail: string,
    readonly errors?: Record<string, string>,
  ) {
    super({ statusCode: status, detail, ...(errors ? { errors } : {}) }, status);
  }

  static unauthenticated() {
    return new ApiError(HttpStatus.UNAUTHORIZED, DETAILS.unauthenticated);
  }
  static forbidden(detail: string = DETAILS.forbidden) {
    return new ApiError(HttpStatus.FORBIDDEN, detail);
  }
  static notFound() {
    return new ApiError(HttpStatus.NOT_FOUND, DETAILS.notFound);
  }
  static conflict(detail: string) {
    return new ApiError(HttpStatus.CONFLICT, detail);
  }
  static validation(errors: Record<string, string>) {
    return new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, DETAILS.validationFailed, errors);
  }
}

/** Postgres unique_violation, so services can turn a race into the right 409. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const driverError = (error as { driverError?: { code?: string; constraint?: string } })?.driverError ?? (error as { code?: string; constraint?: string });
  return driverError?.code === '23505' && (!constraint || driverError.constraint === constraint);
}
