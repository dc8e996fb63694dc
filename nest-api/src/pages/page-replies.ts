import { applyDecorators, Injectable } from '@nestjs/common';
import { ApiExtraModels, ApiHeader, ApiOkResponse, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagOf, ifNoneMatchNames } from '@datahub/domain/server';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { PagesService } from './pages.service';
import { ShellPageView } from './pages.views';

/** RFC 7240: the portal asks for the shell with the page, so a page costs it one call (ADR 0058). */
const INCLUDE_SHELL = 'include=shell';

const ETAG_HEADERS = { ETag: { description: 'Names this answer', schema: { type: 'string' } } };
const CONDITIONAL_HEADERS = [
  ApiHeader({ name: 'If-None-Match', required: false, description: 'The ETag of an answer you hold: 304 while it is still the answer' }),
  ApiResponse({ status: 304, description: 'Unchanged since the answer named in If-None-Match' }),
];

/** The shell's own read: named by an ETag, 304 to a matching If-None-Match (ADR 0048). */
export const ConditionalShell = () => applyDecorators(ApiOkResponse({ type: ShellPageView, headers: ETAG_HEADERS }), ...CONDITIONAL_HEADERS);

/** A page read: as the shell's, and with `shell` added when asked by `Prefer: include=shell`. */
export const Conditional = (type: new () => unknown) =>
  applyDecorators(
    ApiExtraModels(type, ShellPageView),
    ApiOkResponse({
      headers: { ...ETAG_HEADERS, 'Preference-Applied': { description: 'include=shell when the shell is in the answer', schema: { type: 'string' } } },
      schema: {
        allOf: [
          { $ref: getSchemaPath(type) },
          { type: 'object', properties: { shell: { $ref: getSchemaPath(ShellPageView), description: 'As GET /api/pages/shell answers, with Prefer: include=shell only' } } },
        ],
      },
    }),
    ApiHeader({ name: 'Prefer', required: false, description: 'include=shell: the shell around the page (as GET /api/pages/shell) in the same answer, as `shell`' }),
    ...CONDITIONAL_HEADERS,
  );

export function sendConditional(request: FastifyRequest, reply: FastifyReply, body: unknown): void {
  const json = JSON.stringify(body);
  sendNamed(request, reply, json, etagOf(json));
}

function sendNamed(request: FastifyRequest, reply: FastifyReply, json: string, etag: string): void {
  // Per user and never shared: a cache may keep it only to ask again with its ETag.
  void reply.header('etag', etag).header('cache-control', 'private, no-cache');
  if (ifNoneMatchNames(request.headers['if-none-match'], etag)) return void reply.status(304).send();
  void reply.status(200).type('application/json; charset=utf-8').send(json);
}

function prefersShell(request: FastifyRequest): boolean {
  const prefer = request.headers.prefer;
  if (prefer === undefined) return false;
  const values = Array.isArray(prefer) ? prefer.join(',') : prefer;
  return values.split(/[,;]/).some((preference) => preference.trim().toLowerCase().replaceAll('"', '') === INCLUDE_SHELL);
}

@Injectable()
export class PageReplies {
  constructor(private readonly pages: PagesService) {}

  async send(request: FastifyRequest, reply: FastifyReply, page: Promise<object>): Promise<void> {
    const [body, shell] = await Promise.all([page, this.shellFor(request, reply)]);
    sendConditional(request, reply, shell ? { ...body, shell } : body);
  }

  async sendJson(request: FastifyRequest, reply: FastifyReply, page: Promise<{ json: string; etag: string }>): Promise<void> {
    const [{ json, etag }, shell] = await Promise.all([page, this.shellFor(request, reply)]);
    if (!shell) return sendNamed(request, reply, json, etag);
    const shellJson = JSON.stringify(shell);
    sendNamed(request, reply, `${json.slice(0, -1)},"shell":${shellJson}}`, etagOf(`${etag}|${shellJson}`));
  }

  private async shellFor(request: FastifyRequest, reply: FastifyReply): Promise<ShellPageView | null> {
    void reply.header('vary', 'Prefer');
    // The guard has admitted a signed-in user for every page read.
    const actor = (request as FastifyRequest & { user?: AuthenticatedUser }).user;
    if (!actor || !prefersShell(request)) return null;
    const shell = await this.pages.shell(actor);
    void reply.header('preference-applied', INCLUDE_SHELL);
    return shell;
  }
}
