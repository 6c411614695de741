import { Module, type Provider, type Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test, type TestingModule } from '@nestjs/testing';
import { DomainError, InternalError } from '../core/errors';
import { MetricsService } from '../core/metrics/metrics.service';
import { type InputIssue, type ToolContext, type ToolHandler } from './tool.contract';
import { InvalidToolInputError, ToolNotFoundError } from './tool.errors';
import { type CatalogTool, ToolCatalog } from './tool-catalog.service';
import { ToolExecutor } from './tool-executor.service';
import { BudgetMeter } from '../budgets/budget-meter';
import { ToolCallAudit } from './tool-call-audit';
import { ToolInvoker } from './tool-invoker.service';
import { ToolsConfig } from './tools.config';
import { GenAiTelemetryConfig } from '../core/telemetry/gen-ai-telemetry.config';
import { ToolProvider } from './tool-provider.decorator';
import { BuiltinToolRegistry } from './builtin-tool-registry.service';

const SOMEONE = { user: 'someone' };

/** A direct call over REST or MCP by a key holder. */
function call(caller: 'rest' | 'mcp', signal?: AbortSignal) {
  return { caller, scope: 'all' as const, origin: SOMEONE, signal };
}

class QuotaExceededError extends DomainError {
  readonly code = 'QUOTA_EXCEEDED';
  readonly status = 429;
  constructor() {
    super('Quota exceeded');
  }
}

class PickyInputError extends DomainError {
  readonly code = 'PICKY_INPUT';
  readonly status = 422;
  constructor(issues: readonly InputIssue[]) {
    super('picky does not like that input', issues);
  }
}

@ToolProvider({
  name: 'echo',
  description: 'Echoes its text back',
  inputSchema: {
    type: 'object',
    properties: {
      text: { type: 'string' },
      times: { type: 'integer', minimum: 1 },
    },
    required: ['text'],
    additionalProperties: false,
  },
})
class EchoTool implements ToolHandler<{ text: string; times?: number }> {
  execute({ text, times = 1 }: { text: string; times?: number }, context: ToolContext) {
    return { text: text.repeat(times), aborted: context.signal.aborted };
  }
}

@ToolProvider({
  name: 'asyncSum',
  description: 'Adds two numbers, asynchronously',
  inputSchema: {
    type: 'object',
    properties: { a: { type: 'number' }, b: { type: 'number' } },
    required: ['a', 'b'],
  },
})
class AsyncSumTool implements ToolHandler<{ a: number; b: number }> {
  async execute({ a, b }: { a: number; b: number }) {
    await new Promise((resolve) => setImmediate(resolve));
    return { sum: a + b };
  }
}

@ToolProvider({
  name: 'picky',
  description: 'Has its own error for bad input',
  inputSchema: {
    type: 'object',
    properties: { value: { type: 'string', minLength: 3 } },
    required: ['value'],
  },
})
class PickyTool implements ToolHandler<{ value: string }> {
  execute({ value }: { value: string }) {
    return value.toUpperCase();
  }
  rejectInput(issues: readonly InputIssue[]): DomainError {
    return new PickyInputError(issues);
  }
}

@ToolProvider({
  name: 'failing',
  description: 'Fails the way it is told to',
  inputSchema: {
    type: 'object',
    properties: { mode: { enum: ['domain', 'plain', 'async-domain'] } },
    required: ['mode'],
  },
})
class FailingTool implements ToolHandler<{ mode: string }> {
  execute({ mode }: { mode: string }): unknown {
    if (mode === 'domain') throw new QuotaExceededError();
    if (mode === 'async-domain') return Promise.reject(new QuotaExceededError());
    throw new Error('kaboom');
  }
}

/** A tool provided by another module: discovery must find tools in any module. */
@ToolProvider({
  name: 'zebra',
  description: 'Lives in its own module',
  inputSchema: { type: 'object' },
})
class ZebraTool implements ToolHandler {
  execute() {
    return 'stripes';
  }
}

@Module({ providers: [ZebraTool] })
class ZebraModule {}

/** A plain provider without the decorator must not become a tool. */
class NotATool {
  execute() {
    return 'nope';
  }
}

async function startModule(tools: Provider[], imports: Type[] = []): Promise<TestingModule> {
  const moduleRef = await Test.createTestingModule({
    imports: [DiscoveryModule, ...imports],
    providers: [
      BuiltinToolRegistry,
      ToolCatalog,
      ToolExecutor,
      ToolInvoker,
      MetricsService,
      { provide: ToolsConfig, useValue: new ToolsConfig() },
      { provide: GenAiTelemetryConfig, useValue: new GenAiTelemetryConfig() },
      // Recording calls is the audit log's, tested with it on a database; none is here.
      { provide: ToolCallAudit, useValue: { record: () => Promise.resolve() } },
      // Budgets are tested with them on a database; none limits anything here.
      { provide: BudgetMeter, useValue: { take: () => Promise.resolve() } },
      ...tools,
    ],
  }).compile();
  await moduleRef.init();
  // The registry feature serves the active stored tools; here every builtin one is served.
  moduleRef.get(ToolCatalog).replace(
    moduleRef
      .get(BuiltinToolRegistry)
      .list()
      .map((tool) => [tool.definition.name, tool, true] as const),
  );
  return moduleRef;
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('BuiltinToolRegistry and ToolInvoker', () => {
  let moduleRef: TestingModule;
  let registry: BuiltinToolRegistry;
  let invoker: ToolInvoker;
  let metrics: MetricsService;

  beforeEach(async () => {
    // Declared out of name order on purpose.
    moduleRef = await startModule(
      [PickyTool, EchoTool, NotATool, FailingTool, AsyncSumTool],
      [ZebraModule],
    );
    registry = moduleRef.get(BuiltinToolRegistry);
    invoker = moduleRef.get(ToolInvoker);
    metrics = moduleRef.get(MetricsService);
  });

  afterEach(async () => {
    await moduleRef.close();
  });

  /** The sample lines of the invocation counter, without HELP/TYPE. */
  async function invocationLines(): Promise<string[]> {
    const text = await metrics.registry.getSingleMetricAsString('toolhub_tool_invocations_total');
    return text.split('\n').filter((line) => line.startsWith('toolhub_tool_invocations_total{'));
  }

  describe('BuiltinToolRegistry', () => {
    it('lists every decorated provider, from any module, sorted by name', () => {
      expect(registry.list().map((t) => t.definition.name)).toEqual([
        'asyncSum',
        'echo',
        'failing',
        'picky',
        'zebra',
      ]);
    });

    it("exposes each tool's definition and its Nest-created instance", () => {
      const echo = registry.list().find((t) => t.definition.name === 'echo');
      expect(echo?.definition.description).toBe('Echoes its text back');
      expect(echo?.definition.inputSchema.required).toEqual(['text']);
      expect(echo?.handler).toBe(moduleRef.get(EchoTool));
    });

    it('finds a tool by its exact name', () => {
      expect(registry.find('picky')?.handler).toBe(moduleRef.get(PickyTool));
      expect(registry.find('zebra')?.handler).toBe(moduleRef.get(ZebraTool, { strict: false }));
    });

    it('finds nothing for an unknown or differently cased name', () => {
      expect(registry.find('nope')).toBeUndefined();
      expect(registry.find('Echo')).toBeUndefined();
      expect(registry.find('')).toBeUndefined();
    });

    it("checks input against the tool's schema", () => {
      const echo = registry.find('echo');
      expect(echo?.check({ text: 'hi', times: 2 })).toEqual([]);
      expect(echo?.check({ text: 'hi', times: 0 })).toEqual([
        { path: '/times', message: 'must be >= 1' },
      ]);
    });

    it('rejects start-up when two tools share a name, naming the duplicate', async () => {
      @ToolProvider({ name: 'twin', description: 'one', inputSchema: { type: 'object' } })
      class TwinOne implements ToolHandler {
        execute() {
          return 1;
        }
      }
      @ToolProvider({ name: 'twin', description: 'two', inputSchema: { type: 'object' } })
      class TwinTwo implements ToolHandler {
        execute() {
          return 2;
        }
      }
      await expect(startModule([TwinOne, TwinTwo])).rejects.toThrow(
        "Two tools are named 'twin'; tool names must be unique",
      );
    });

    it('rejects start-up when a schema has an unknown keyword (strict mode)', async () => {
      @ToolProvider({
        name: 'typo',
        description: 'Misspells minLength',
        inputSchema: { type: 'object', properties: { s: { type: 'string', minLenght: 1 } } },
      })
      class TypoTool implements ToolHandler {
        execute() {
          return null;
        }
      }
      await expect(startModule([TypoTool])).rejects.toThrow(/unknown keyword: "minLenght"/);
    });
  });

  describe('ToolInvoker.invoke', () => {
    it('throws TOOL_NOT_FOUND (404) for an unknown tool', async () => {
      const error = await rejectionOf(invoker.invoke('x', {}, call('rest')));
      expect(error).toBeInstanceOf(ToolNotFoundError);
      expect(error).toMatchObject({
        code: 'TOOL_NOT_FOUND',
        status: 404,
        message: "Tool 'x' not found",
      });
    });

    it('returns the result of a synchronous tool', async () => {
      await expect(invoker.invoke('echo', { text: 'ab', times: 3 }, call('rest'))).resolves.toEqual(
        {
          text: 'ababab',
          aborted: false,
        },
      );
    });

    it('returns the awaited result of an asynchronous tool', async () => {
      await expect(invoker.invoke('asyncSum', { a: 2, b: 40 }, call('mcp'))).resolves.toEqual({
        sum: 42,
      });
    });

    it('does not run the tool for a caller that has already gone, failing with CALL_ABORTED', async () => {
      const controller = new AbortController();
      controller.abort();
      const error = await rejectionOf(
        invoker.invoke('echo', { text: 'x' }, call('rest', controller.signal)),
      );
      expect(error).toMatchObject({ code: 'CALL_ABORTED', status: 499 });
    });

    it("passes the caller's own reason on when it is a domain error", async () => {
      const controller = new AbortController();
      controller.abort(new QuotaExceededError());
      const error = await rejectionOf(
        invoker.invoke('asyncSum', { a: 1, b: 2 }, call('mcp', controller.signal)),
      );
      expect(error).toBeInstanceOf(QuotaExceededError);
    });

    it('rejects schema-violating input with INVALID_INPUT (400) listing path and message', async () => {
      const error = await rejectionOf(
        invoker.invoke('echo', { times: 0, extra: true }, call('rest')),
      );
      expect(error).toBeInstanceOf(InvalidToolInputError);
      const invalid = error as InvalidToolInputError;
      expect(invalid.code).toBe('INVALID_INPUT');
      expect(invalid.status).toBe(400);
      const details = invalid.details as InputIssue[];
      expect(details).toHaveLength(3);
      expect(details).toEqual(
        expect.arrayContaining([
          { path: '', message: "must have required property 'text'" },
          { path: '/extra', message: 'is not an allowed property' },
          { path: '/times', message: 'must be >= 1' },
        ]),
      );
      expect(invalid.message).toMatch(/^Invalid input for tool 'echo': /);
      expect(invalid.message).toContain("(input) must have required property 'text'");
      expect(invalid.message).toContain('/times must be >= 1');
    });

    it.each([
      ['a string', 'hello'],
      ['null', null],
      ['an array', [{ text: 'x' }]],
    ])('rejects %s as input, since tool inputs are objects', async (_name, input) => {
      const error = await rejectionOf(invoker.invoke('echo', input, call('rest')));
      expect(error).toBeInstanceOf(InvalidToolInputError);
      expect((error as InvalidToolInputError).details).toEqual([
        { path: '', message: 'must be object' },
      ]);
    });

    it("uses the tool's own rejectInput error, given the issues, when it defines one", async () => {
      const error = await rejectionOf(invoker.invoke('picky', { value: 'ab' }, call('rest')));
      expect(error).toBeInstanceOf(PickyInputError);
      expect(error).toMatchObject({ code: 'PICKY_INPUT', status: 422 });
      expect((error as PickyInputError).details).toEqual([
        { path: '/value', message: 'must NOT have fewer than 3 characters' },
      ]);
    });

    it('does not run the tool when the input is invalid', async () => {
      // `value.toUpperCase()` would throw a TypeError on a number; the schema stops it first.
      const error = await rejectionOf(invoker.invoke('picky', { value: 5 }, call('rest')));
      expect(error).toBeInstanceOf(PickyInputError);
    });

    it('propagates a DomainError thrown by the tool unchanged', async () => {
      const error = await rejectionOf(invoker.invoke('failing', { mode: 'domain' }, call('rest')));
      expect(error).toBeInstanceOf(QuotaExceededError);
      expect(error).toMatchObject({ code: 'QUOTA_EXCEEDED', status: 429 });
    });

    it('propagates a DomainError rejected by an asynchronous tool unchanged', async () => {
      const error = await rejectionOf(
        invoker.invoke('failing', { mode: 'async-domain' }, call('rest')),
      );
      expect(error).toBeInstanceOf(QuotaExceededError);
    });

    it('reports a plain Error thrown by the tool as INTERNAL_ERROR, without its message', async () => {
      const error = await rejectionOf(invoker.invoke('failing', { mode: 'plain' }, call('rest')));
      expect(error).toBeInstanceOf(InternalError);
      expect((error as Error).message).not.toContain('kaboom');
    });
  });

  describe('ToolExecutor.execute', () => {
    const echo = () => registry.find('echo')!;

    it('reports success with the result and a positive execution time', async () => {
      const outcome = await moduleRef
        .get(ToolExecutor)
        .execute(echo(), { text: 'a', times: 2 }, { caller: 'agent', origin: SOMEONE });
      expect(outcome).toMatchObject({ success: true, result: { text: 'aa', aborted: false } });
      expect(outcome.execution_time_ms).toBeGreaterThan(0);
    });

    it('reports invalid input as a failure value instead of throwing', async () => {
      const outcome = await moduleRef
        .get(ToolExecutor)
        .execute(echo(), {}, { caller: 'agent', origin: SOMEONE });
      expect(outcome.success).toBe(false);
      expect(!outcome.success && outcome.error).toBeInstanceOf(InvalidToolInputError);
    });

    it('reports a time-out as EXECUTION_TIMEOUT and aborts the signal the tool was given', async () => {
      let seen: AbortSignal | undefined;
      const never: CatalogTool = {
        ...echo(),
        check: () => [],
        handler: {
          execute: (_input, { signal }) => {
            seen = signal;
            return new Promise(() => undefined);
          },
        },
      };
      const outcome = await moduleRef
        .get(ToolExecutor)
        .execute(never, {}, { caller: 'test', origin: SOMEONE, timeoutMs: 1 });
      expect(!outcome.success && outcome.error.code).toBe('EXECUTION_TIMEOUT');
      expect(seen?.aborted).toBe(true);
    });
  });

  describe('invocation metrics', () => {
    it('counts invocations by tool, transport and outcome', async () => {
      await invoker.invoke('echo', { text: 'a' }, call('rest'));
      await invoker.invoke('echo', { text: 'b' }, call('rest'));
      await invoker.invoke('echo', { text: 'c' }, call('mcp'));
      await invoker.invoke('asyncSum', { a: 1, b: 1 }, call('rest'));
      await rejectionOf(invoker.invoke('echo', {}, call('rest')));
      await rejectionOf(invoker.invoke('picky', { value: '' }, call('mcp')));
      await rejectionOf(invoker.invoke('failing', { mode: 'domain' }, call('rest')));
      await rejectionOf(invoker.invoke('failing', { mode: 'async-domain' }, call('rest')));
      await rejectionOf(invoker.invoke('failing', { mode: 'plain' }, call('rest')));
      await rejectionOf(invoker.invoke('failing', { mode: 'plain' }, call('mcp')));

      expect((await invocationLines()).sort()).toEqual(
        [
          'toolhub_tool_invocations_total{tool="echo",transport="rest",outcome="ok"} 2',
          'toolhub_tool_invocations_total{tool="echo",transport="mcp",outcome="ok"} 1',
          'toolhub_tool_invocations_total{tool="asyncSum",transport="rest",outcome="ok"} 1',
          'toolhub_tool_invocations_total{tool="echo",transport="rest",outcome="INVALID_INPUT"} 1',
          'toolhub_tool_invocations_total{tool="picky",transport="mcp",outcome="PICKY_INPUT"} 1',
          'toolhub_tool_invocations_total{tool="failing",transport="rest",outcome="QUOTA_EXCEEDED"} 2',
          'toolhub_tool_invocations_total{tool="failing",transport="rest",outcome="INTERNAL_ERROR"} 1',
          'toolhub_tool_invocations_total{tool="failing",transport="mcp",outcome="INTERNAL_ERROR"} 1',
        ].sort(),
      );
    });

    it('does not count calls to unknown tools', async () => {
      await rejectionOf(invoker.invoke('ghost', {}, call('rest')));
      expect(await invocationLines()).toEqual([]);
    });
  });
});
