import { once } from 'node:events';
import { Get, Logger, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AdminOnly } from '../api-keys/admin-only.decorator';
import { ApiV1Controller } from '../api-keys/api-v1-controller.decorator';
import { CurrentPrincipal } from '../api-keys/current-principal.decorator';
import { type Principal } from '../api-keys/principal';
import { ValidationFailedError } from '../core/errors';
import { ApiErrorResponses } from '../core/http/api-error-responses.decorator';
import { takeOverResponse } from '../core/http/node-http';
import { AuditVerifier } from '../audit/audit-verifier';
import { InvalidCursorError, OthersAuditEntriesError } from './audit-api.errors';
import { AuditReader } from './audit-reader.service';
import { AuditPageDto, AuditVerificationDto } from './dto/audit-entry.dto';
import { AuditFilterQueryDto, AuditPageQueryDto } from './dto/audit-query.dto';

const FROM_AFTER_TO = new ValidationFailedError([
  { field: 'from', messages: ['from must not be after to'] },
]);

/** The audit log: who did what, through which client, and how it ended; and its verification. */
@ApiV1Controller('audit', 'audit')
export class AuditController {
  private readonly logger = new Logger('Audit');

  constructor(
    private readonly reader: AuditReader,
    private readonly verifier: AuditVerifier,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'listAuditEntries',
    summary:
      'Audit entries in the order written (admins every user’s, members their own), a page at a time',
  })
  @ApiOkResponse({ type: AuditPageDto })
  @ApiErrorResponses(
    new InvalidCursorError('other_filter'),
    new OthersAuditEntriesError(),
    FROM_AFTER_TO,
  )
  list(
    @CurrentPrincipal() caller: Principal,
    @Query() query: AuditPageQueryDto,
  ): Promise<AuditPageDto> {
    return this.reader.page(caller, query);
  }

  @Get('export')
  @ApiOperation({
    operationId: 'exportAuditEntries',
    summary:
      'Every audit entry the filters match, as NDJSON (one entry a line, as listed), for a SIEM',
  })
  @ApiOkResponse({
    description: 'One JSON entry per line, in `seq` order',
    content: {
      'application/x-ndjson': { schema: { type: 'string' }, example: '{"id":"6f1c…","seq":1,…}\n' },
    },
  })
  @ApiErrorResponses(new OthersAuditEntriesError(), FROM_AFTER_TO)
  async export(
    @CurrentPrincipal() caller: Principal,
    @Query() query: AuditFilterQueryDto,
    @Res() response: unknown,
  ): Promise<void> {
    this.reader.check(caller, query);
    const raw = takeOverResponse(response);
    raw.writeHead(200, { 'Content-Type': 'application/x-ndjson; charset=utf-8' });
    try {
      for await (const entry of this.reader.export(caller, query)) {
        if (raw.destroyed) return;
        if (!raw.write(`${JSON.stringify(entry)}\n`)) await once(raw, 'drain');
      }
      raw.end();
    } catch (error) {
      // The status is sent: cutting the stream short is how the client learns it is incomplete.
      this.logger.error({ err: error }, 'Audit export failed');
      raw.destroy();
    }
  }

  @Get('verify')
  @AdminOnly()
  @ApiOperation({
    operationId: 'verifyAuditLog',
    summary:
      'Check the audit chain: seq without gaps, every hash, from the oldest kept entry to the newest',
  })
  @ApiOkResponse({ type: AuditVerificationDto })
  verify(): Promise<AuditVerificationDto> {
    return this.verifier.verify();
  }
}
