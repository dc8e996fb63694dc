import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { BAD_INPUT_DETAILS, DETAILS, type ApiErrorBody } from '@datahub/domain';
import type { ApiError } from './errors';

/** Every 429 says when to come back; limiters that know their window say it exactly. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

const DEFAULT_DETAILS: Record<number, string> = {
  400: BAD_INPUT_DETAILS.badRequest,
  401: DETAILS.unauthenticated,
  403: DETAILS.forbidden,
  404: DETAILS.notFound,
  405: BAD_INPUT_DETAILS.methodNotAllowed,
  409: 'conflict',
  413: BAD_INPUT_DETAILS.tooLarge,
  414: BAD_INPUT_DETAILS.uriTooLong,
  415: BAD_INPUT_DETAILS.contentType,
  422: DETAILS.validationFailed,
  429: DETAILS.tooManyAttempts,
  431: BAD_INPUT_DETAILS.headersTooLarge,
};

/** { statusCode, detail, errors? }; no stack traces leave the server. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Error');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const body = this.toBody(exception);
    if (body.statusCode >= 500) this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    if (body.statusCode === HttpStatus.TOO_MANY_REQUESTS)
      void reply.header('retry-after', String((exception as ApiError).retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS));
    const location = (exception as ApiError | undefined)?.location;
    if (body.statusCode === HttpStatus.MOVED_PERMANENTLY && location) void reply.header('location', location);
    void reply.status(body.statusCode).header('content-type', 'application/json; charset=utf-8').send(body);
  }

  private toBody(exception: unknown): ApiErrorBody {
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      const response = exception.getResponse();
      if (typeof response === 'object' && response !== null && 'detail' in response) {
        const { detail, errors } = response as ApiErrorBody;
        return { statusCode, detail, ...(errors ? { errors } : {}) };
      }
      return { statusCode, detail: DEFAULT_DETAILS[statusCode] ?? (statusCode >= 500 ? DETAILS.internal : 'error') };
    }
    const status = (exception as { statusCode?: number })?.statusCode;
    // Fastify's own errors (bad JSON, body too large) carry a 4xx statusCode.
    if (typeof status === 'number' && status >= 400 && status < 500)
      return { statusCode: status, detail: DEFAULT_DETAILS[status] ?? 'bad request' };
    return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, detail: DETAILS.internal };
  }
}
