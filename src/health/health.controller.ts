import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';

export class HealthDto {
  @ApiProperty({ enum: ['ok'], example: 'ok' })
  status!: 'ok';

  /** Seconds since the process started. */
  @ApiProperty({ example: 42.5 })
  uptimeSeconds!: number;
}

@ApiTags('operations')
@Controller('health')
export class HealthController {
  @Get()
  @ApiOperation({ operationId: 'getHealth', summary: 'Liveness: the server is up and answering' })
  @ApiOkResponse({ type: HealthDto })
  getHealth(): HealthDto {
    return { status: 'ok', uptimeSeconds: Math.round(process.uptime() * 10) / 10 };
  }
}
