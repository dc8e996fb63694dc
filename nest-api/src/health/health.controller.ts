import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { Public } from '../common/access.decorators';
import { ApiError } from '../common/errors';

class HealthView {
  @ApiProperty({ example: 'ok' })
  status: 'ok';
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Liveness and database reachability' })
  @ApiOkResponse({ type: HealthView })
  async health(): Promise<HealthView> {
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      throw new ApiError(503, 'database unavailable');
    }
    return { status: 'ok' };
  }
}
