import { HttpException, HttpStatus } from '@nestjs/common';
import { DETAILS } from '@datahub/domain';

export class ApiError extends HttpException {
  retryAfterSeconds?: number;
  location?: string;

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
  static tooManyRequests(retryAfterSeconds: number, detail: string = DETAILS.tooManyAttempts) {
    const error = new ApiError(HttpStatus.TOO_MANY_REQUESTS, detail);
    error.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return error;
  }
  static movedPermanently(location: string) {
    const error = new ApiError(HttpStatus.MOVED_PERMANENTLY, DETAILS.movedPermanently);
    error.location = location;
    return error;
  }
  static validation(errors: Record<string, string>) {
    return new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, DETAILS.validationFailed, errors);
  }
}

/** So services can turn a race into the right 409. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const driverError = (error as { driverError?: { code?: string; constraint?: string } })?.driverError ?? (error as { code?: string; constraint?: string });
  return driverError?.code === '23505' && (!constraint || driverError.constraint === constraint);
}
