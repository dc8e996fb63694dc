import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import type { AppConfig } from '../config/config';

/** Anything else is replaced by a fresh one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Query strings carry SPARQL queries (and once carried tokens): never logged. */
export function pathOnly(url: string | undefined): string {
  return (url ?? '').split('?', 1)[0].slice(0, 300);
}

/** Only method, path, status, timing and request id: no headers (tokens, cookies), query strings (SPARQL) or bodies (passwords). */
export function createLogger(level: AppConfig['logLevel']): Logger {
  return pino({
    level,
    base: { service: 'nest-api' },
    messageKey: 'msg',
    serializers: {
      req: (request: { id?: string; method?: string; url?: string }) => ({ id: request.id, method: request.method, path: pathOnly(request.url) }),
      res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
      err: pino.stdSerializers.err,
    },
    redact: { paths: ['req.headers', 'headers', 'authorization', 'cookie', 'password', 'token'], censor: '[weggelaten]' },
  });
}

export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  private write(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', message: unknown, rest: unknown[]): void {
    const context = typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    const text = message instanceof Error ? message.message : typeof message === 'string' ? message : JSON.stringify(message);
    this.logger[level]({ context }, text);
  }

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    // Nest passes a stack as the second argument: kept out of the line (it may quote request data).
    this.write('error', message, rest.length > 1 ? rest.slice(-1) : rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }
}
