import { Injectable, Module, type Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test, type TestingModule } from '@nestjs/testing';
import { plainToInstance } from 'class-transformer';
import { IsString, validateSync } from 'class-validator';
import { type ToolImplementation } from '../database/schema';
import { type StoredTool, type ToolKind, type ToolKindBuild } from './tool-kind.contract';
import { ToolKindProvider } from './tool-kind-provider.decorator';
import { ToolKindRegistry } from './tool-kind-registry.service';
import { IsToolImplementation } from './tool-kind-requests';

class ShoutRequestDto {
  @IsString()
  type!: 'shout';
  @IsString()
  word!: string;
}

/** A kind registered through the API: it stores a word and shouts it. */
@ToolKindProvider()
@Injectable()
class ShoutToolKind implements ToolKind<ShoutRequestDto> {
  readonly type = 'shout';
  readonly errors = [];
  readonly registration = {
    dto: ShoutRequestDto,
    store: ({ word }: ShoutRequestDto): ToolImplementation => ({ type: this.type, word }),
    requiresApprovalByDefault: false,
  };
  build({ implementation }: StoredTool): ToolKindBuild {
    return { handler: { execute: () => String(implementation.word).toUpperCase() } };
  }
  view(implementation: ToolImplementation) {
    return implementation;
  }
}

/** A kind of a module above the tools layer (as the runtime's would be), only the code creates. */
@ToolKindProvider()
@Injectable()
class WorkflowToolKind implements ToolKind {
  readonly type: string = 'workflow';
  readonly errors = [];
  build(): ToolKindBuild {
    return { unavailable: 'a test kind' };
  }
  view() {
    return { type: this.type };
  }
}

@Module({ providers: [WorkflowToolKind] })
class HigherModule {}

/** A plain provider with a `type` but without the decorator must not become a kind. */
@Injectable()
class NotAKind {
  readonly type = 'not-a-kind';
}

class RegistrationDto {
  @IsToolImplementation()
  implementation!: unknown;
}

async function start(providers: Type[], imports: Type[] = []): Promise<TestingModule> {
  const moduleRef = await Test.createTestingModule({
    imports: [DiscoveryModule, ...imports],
    providers: [ToolKindRegistry, ...providers],
  }).compile();
  await moduleRef.init();
  return moduleRef;
}

/** The fields a registration's implementation is refused for, with their messages. */
function issuesOf(implementation: unknown) {
  const dto = plainToInstance(RegistrationDto, { implementation });
  const errors = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true });
  return errors.flatMap((error) =>
    (error.children ?? []).map((child) => [child.property, Object.values(child.constraints ?? {})]),
  );
}

describe('ToolKindRegistry', () => {
  let moduleRef: TestingModule;
  let kinds: ToolKindRegistry;

  beforeEach(async () => {
    moduleRef = await start([ShoutToolKind, NotAKind], [HigherModule]);
    kinds = moduleRef.get(ToolKindRegistry);
  });

  afterEach(async () => {
    await moduleRef.close();
  });

  it('finds every decorated kind, in any module, by its type', () => {
    expect(kinds.types()).toEqual(['shout', 'workflow']);
    expect(kinds.kindOf('loud', 'shout')).toBe(moduleRef.get(ShoutToolKind));
  });

  it('serves a kind registered from a module above the tools layer', () => {
    const workflow = kinds.kindOf('nightly', 'workflow');
    expect(workflow).toBe(moduleRef.get(WorkflowToolKind, { strict: false }));
    expect(workflow.build({ name: 'nightly', implementation: { type: 'workflow' } })).toEqual({
      unavailable: 'a test kind',
    });
  });

  it('names the tool, its type and the known kinds for a type no kind handles', () => {
    expect(() => kinds.kindOf('old_tool', 'ftp')).toThrow(
      "The registered tool 'old_tool' has implementation type 'ftp', which no tool kind of " +
        'this version handles (known: shout, workflow)',
    );
  });

  it("stores a registration through its kind's own registration", () => {
    expect(kinds.store('loud', { type: 'shout', word: 'hi' } as ShoutRequestDto)).toEqual({
      type: 'shout',
      word: 'hi',
    });
    expect(() => kinds.store('nightly', { type: 'workflow' })).toThrow(/'workflow'/);
  });

  it("validates a registration's implementation with the request DTO of its type", () => {
    expect(issuesOf({ type: 'shout', word: 'hi' })).toEqual([]);
    expect(issuesOf({ type: 'shout', word: 5 })).toEqual([['word', ['word must be a string']]]);
    expect(issuesOf({ type: 'shout', word: 'hi', extra: 1 })).toEqual([
      ['extra', ['property extra should not exist']],
    ]);
  });

  it('refuses a type no kind registers, naming the ones that do', () => {
    const refusal = [['type', ['type must be one of the following values: shout']]];
    expect(issuesOf({ type: 'workflow' })).toEqual(refusal);
    expect(issuesOf({ type: 'ftp' })).toEqual(refusal);
    expect(issuesOf({})).toEqual(refusal);
  });

  it('refuses start-up when two kinds own one type', async () => {
    @ToolKindProvider()
    @Injectable()
    class OtherShoutKind extends WorkflowToolKind {
      override readonly type = 'shout';
    }
    await expect(start([ShoutToolKind, OtherShoutKind])).rejects.toThrow(
      "Two tool kinds own type 'shout'; a type has one kind",
    );
  });
});
