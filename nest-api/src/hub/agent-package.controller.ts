import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Controller, Get, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../common/access.decorators';
import { ErrorBodyView } from '../common/error-body.view';
import { ApiError } from '../common/errors';

/** Built by datasource-agent's `npm run build` (scripts/pack.mjs). */
export function agentPackagePath(): string {
  return join(dirname(require.resolve('datasource-agent/package.json')), 'package-dist', 'datasource-agent.tgz');
}

/** cloud-init on a fresh VM installs it from here; public, since it holds code only, never credentials. */
@ApiTags('datasource-protocol')
@Controller('datasource-agent')
export class AgentPackageController {
  @Get('package.tgz')
  @Public()
  @ApiOperation({ summary: 'The reference data source package (npm tarball) that cloud_init_config installs' })
  @ApiProduces('application/gzip')
  @ApiOkResponse({ description: 'npm package tarball' })
  @ApiNotFoundResponse({ type: ErrorBodyView, description: 'The hub was built without the package' })
  async download(@Res() reply: FastifyReply): Promise<void> {
    const file = agentPackagePath();
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw ApiError.notFound();
    await reply
      .header('content-type', 'application/gzip')
      .header('content-length', String(info.size))
      .header('content-disposition', 'attachment; filename="datasource-agent.tgz"')
      .header('cache-control', 'no-cache')
      .send(createReadStream(file));
  }
}
