import { type CallHandler, type ExecutionContext, HttpStatus, Inject, Injectable, type NestInterceptor, type OnModuleInit } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common/enums/request-method.enum';
import { InjectDataSource } from '@nestjs/typeorm';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { catchError, from, mergeMap, type Observable, of, throwError } from 'rxjs';
import { DataSource, type EntitySubscriberInterface, type TransactionCommitEvent } from 'typeorm';
import { ACCESS_RULE, type AccessRule } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { SecretBox } from '../common/secret-box';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { TimedJobs } from '../jobs/timed-jobs';
import { IdempotencyRepository } from './idempotency.repository';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** The rest (e.g. x-request-id) belongs to each request. */
const KEPT_HEADERS = ['location', 'content-type'];

/** Machines read these, so they are Dutch as they stand. */
export const IDEMPOTENCY_DETAILS = {
  invalidKey: 'De Idempotency-Key moet uit 1 tot 255 zichtbare ASCII-tekens bestaan.',
  otherRequest:
    'Deze Idempotency-Key is al gebruikt voor een ander verzoek (een andere inhoud of een ander adres). Gebruik voor een nieuw verzoek een nieuwe sleutel.',
  inFlight:
    'Een verzoek met deze Idempotency-Key is nog in behandeling. Probeer het over enkele ogenblikken opnieuw; blijft dit antwoord komen, controleer dan of het al is aangemaakt voordat u het met een nieuwe sleutel opnieuw probeert.',
} as const;

/** The key is kept per user. */
const KEYED_ACCESS = new Set(['signed-in', 'permission']);

/** Nest's default 201 for POST unless the handler names another; the OpenAPI document marks the same operations. */
export function isCreatingHandler(handler: object, controller: object): boolean {
  if (Reflect.getMetadata(METHOD_METADATA, handler) !== RequestMethod.POST) return false;
  const code = Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined;
  const access = (Reflect.getMetadata(ACCESS_RULE, handler) ?? Reflect.getMetadata(ACCESS_RULE, controller)) as AccessRule | undefined;
  return (code === undefined || code === HttpStatus.CREATED) && access !== undefined && KEYED_ACCESS.has(access.kind);
}

type Outcome = { run: true } | { run: false; statusCode: number; headers: Record<string, string>; body: string | null };

/** The claim of the request being handled, for the commit hook below. */
const handling = new AsyncLocalStorage<{ userId: string; key: string }>();

/** Stored answers are sealed (AES-GCM): some carry a secret shown once. */
@Injectable()
export class IdempotencyKeys implements OnModuleInit {
  private readonly box: SecretBox;

  constructor(
    private readonly records: IdempotencyRepository,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly timedJobs: TimedJobs,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.box = new SecretBox(config.encryptionKey);
  }

  onModuleInit(): void {
    this.timedJobs.register({ name: 'idempotency-keys-prune', intervalSeconds: 3600, handler: () => this.records.prune() });
    // The claim is marked in the handler's own commit, so a process killed before storing the answer leaves a claim no retry runs again.
    const marker: EntitySubscriberInterface = {
      beforeTransactionCommit: async (event: TransactionCommitEvent) => {
        const claim = handling.getStore();
        if (claim) await this.records.markCommitted(claim.userId, claim.key, event.queryRunner);
      },
    };
    this.dataSource.subscribers.push(marker);
  }

  handle<T>(userId: string, key: string, run: () => T): T {
    return handling.run({ userId, key }, run);
  }

  /** Claims the key or says what the earlier request answered; 422 for another request, 409 while in flight. */
  async begin(userId: string, key: string, fingerprint: string): Promise<Outcome> {
    if (await this.records.claim(userId, key, fingerprint)) return { run: true };
    const earlier = await this.records.find(userId, key);
    // Released between the two statements (the earlier request failed): this one may run.
    if (!earlier) return this.begin(userId, key, fingerprint);
    if (earlier.fingerprint !== fingerprint) throw new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, IDEMPOTENCY_DETAILS.otherRequest);
    if (earlier.status_code === null) throw new ApiError(HttpStatus.CONFLICT, IDEMPOTENCY_DETAILS.inFlight);
    return { run: false, statusCode: earlier.status_code, headers: earlier.headers ?? {}, body: earlier.body === null ? null : this.box.open(earlier.body) };
  }

  complete(userId: string, key: string, statusCode: number, headers: Record<string, string>, body: string | null): Promise<void> {
    return this.records.complete(userId, key, statusCode, headers, body === null ? null : this.box.seal(body));
  }

  /** So its key is free for the corrected retry. */
  release(userId: string, key: string): Promise<void> {
    return this.records.release(userId, key);
  }

  prune(): Promise<void> {
    return this.records.prune();
  }
}

// A retry with the same key and request gets the stored answer with `Idempotent-Replayed: true`, on any API process, for 24 h.
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly keys: IdempotencyKeys) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthenticatedUser }>();
    const key = request.headers['idempotency-key'];
    if (key === undefined || request.method !== 'POST' || !request.user || !isCreatingHandler(context.getHandler(), context.getClass())) return next.handle();
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) throw new ApiError(HttpStatus.BAD_REQUEST, IDEMPOTENCY_DETAILS.invalidKey);
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const userId = request.user.id;
    return from(this.keys.begin(userId, key, fingerprint(request))).pipe(
      mergeMap((outcome) => {
        if (!outcome.run) {
          reply.status(outcome.statusCode);
          for (const [name, value] of Object.entries(outcome.headers)) reply.header(name, value);
          reply.header(REPLAYED_HEADER, 'true');
          return of(outcome.body === null ? undefined : JSON.parse(outcome.body));
        }
        // The handler's async context carries the claim (Nest binds it when handle() is called).
        return this.keys.handle(userId, key, () => next.handle()).pipe(
          mergeMap(async (value: unknown) => {
            // Stored before the answer leaves: a retry after a lost answer finds it on any process.
            await this.keys.complete(userId, key, reply.statusCode, keptHeaders(reply), value === undefined ? null : JSON.stringify(value));
            return value;
          }),
          catchError((error: unknown) => from(this.keys.release(userId, key).catch(() => undefined)).pipe(mergeMap(() => throwError(() => error)))),
        );
      }),
    );
  }
}

function fingerprint(request: FastifyRequest): string {
  const body = request.body === undefined ? '' : Buffer.isBuffer(request.body) ? request.body : JSON.stringify(request.body);
  return `${request.method} ${request.url} ${createHash('sha256').update(body).digest('base64url')}`;
}

function keptHeaders(reply: FastifyReply): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (typeof value === 'string' || typeof value === 'number') kept[name] = String(value);
  }
  return kept;
}

/** The same set the interceptor serves: a 201 answer to a signed-in or permission caller. */
export function documentIdempotencyKey(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    const operation = item.post;
    if (!operation?.responses?.['201'] || !KEYED_ACCESS.has(String((operation as unknown as Record<string, unknown>)['x-access']))) continue;
    operation.parameters = [
      ...(operation.parameters ?? []),
      {
        name: IDEMPOTENCY_HEADER,
        in: 'header',
        required: false,
        description:
          'Makes a retry safe: the same key with the same request (method, path, body) within 24 h answers what the first one answered, ' +
          `with \`${REPLAYED_HEADER}: true\`, on any API process, and creates nothing new. The same key with another request: 422; ` +
          'while the first is still in flight: 409. 1–255 visible ASCII characters, e.g. a UUID made once per form or attempt.',
        schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
      },
    ];
    operation.responses['422'] ??= { description: 'Validation failed, or the Idempotency-Key was used for another request' };
    operation.responses['409'] ??= { description: 'A request with this Idempotency-Key is still in flight' };
  }
  return document;
}
