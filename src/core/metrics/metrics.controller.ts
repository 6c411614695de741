import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { MetricsService } from './metrics.service';

@ApiTags('operations')
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  @ApiOperation({ operationId: 'getMetrics', summary: 'Prometheus metrics' })
  @ApiProduces('text/plain')
  @ApiOkResponse({
    description: 'Metrics in the Prometheus text exposition format',
    schema: {
      type: 'string',
      example:
        'toolhub_tool_invocations_total{tool="encodePlantUML",transport="rest",outcome="ok"} 3',
    },
  })
  async getMetrics(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
