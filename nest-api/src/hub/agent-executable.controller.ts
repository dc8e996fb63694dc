import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Controller, Get, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../common/access.decorators';
import { ErrorBodyView } from '../common/error-body.view';
import { ApiError } from '../common/errors';
import { AGENT_EXECUTABLE_NAME, agentExecutablePath } from './agent-executable';

/** Node inside, started without installing anything; public like package.tgz: code only, no credentials. */
@ApiTags('datasource-protocol')
@Controller('datasource-agent')
export class AgentExecutableController {
  @Get(AGENT_EXECUTABLE_NAME)
  @Public()
  @ApiOperation({ summary: 'The reference data source as one executable for Linux x64 (no Node.js needed)' })
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ description: 'ELF executable' })
  @ApiNotFoundResponse({ type: ErrorBodyView, description: 'The hub was built without the executable' })
  async download(@Res() reply: FastifyReply): Promise<void> {
    const file = agentExecutablePath();
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw ApiError.notFound();
    await reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', String(info.size))
      .header('content-disposition', `attachment; filename="${AGENT_EXECUTABLE_NAME}"`)
      .header('cache-control', 'no-cache')
      .send(createReadStream(file));
  }
}
