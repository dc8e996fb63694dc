import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/access.decorators';
import { ApiError } from '../common/errors';
import { HealthRepository } from './health.repository';

class HealthView {
  @ApiProperty({ example: 'ok' })
  status: 'ok';
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly database: HealthRepository) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Liveness and database reachability' })
  @ApiOkResponse({ type: HealthView })
  async health(): Promise<HealthView> {
    try {
      await this.database.ping();
    } catch {
      throw new ApiError(503, 'database unavailable');
    }
    return { status: 'ok' };
  }
}
