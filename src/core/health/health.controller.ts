import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses } from '../http/api-error-responses.decorator';
import { HealthChecks, NotReadyError } from './health-checks';

export class HealthDto {
  @ApiProperty({ enum: ['ok'], example: 'ok' })
  status!: 'ok';

  /** Seconds since the process started. */
  @ApiProperty({ example: 42.5 })
  uptimeSeconds!: number;
}

export class ReadinessDto {
  @ApiProperty({ enum: ['ok'], example: 'ok' })
  status!: 'ok';

  /** Each dependency checked, by name. */
  @ApiProperty({ example: { database: 'ok' } })
  checks!: Record<string, string>;
}

@ApiTags('operations')
@Controller('health')
export class HealthController {
  constructor(private readonly checks: HealthChecks) {}

  @Get()
  @ApiOperation({ operationId: 'getHealth', summary: 'Liveness: the server is up and answering' })
  @ApiOkResponse({ type: HealthDto })
  getHealth(): HealthDto {
    return { status: 'ok', uptimeSeconds: Math.round(process.uptime() * 10) / 10 };
  }

  @Get('ready')
  @ApiOperation({
    operationId: 'getReadiness',
    summary: 'Readiness: the server and what it depends on (the database) can serve requests',
  })
  @ApiOkResponse({ type: ReadinessDto })
  @ApiErrorResponses(new NotReadyError({ database: 'failed: connect ECONNREFUSED 10.0.0.5:5432' }))
  async getReadiness(): Promise<ReadinessDto> {
    return { status: 'ok', checks: await this.checks.assertReady() };
  }
}
