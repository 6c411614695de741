import { Injectable } from '@nestjs/common';
import { BuiltinToolRegistry } from '../../builtin-tool-registry.service';
import { type StoredTool, type ToolKind, type ToolKindBuild } from '../../tool-kind.contract';
import { ToolKindProvider } from '../../tool-kind-provider.decorator';

/**
 * `builtin` tools: the tools of the code, stored under their name at start. Each supplies its own
 * definition and input schema; none is registered through the API.
 */
@ToolKindProvider()
@Injectable()
export class BuiltinToolKind implements ToolKind {
  readonly type = 'builtin';
  readonly errors = [];

  constructor(private readonly builtins: BuiltinToolRegistry) {}

  build({ name }: StoredTool): ToolKindBuild {
    const tool = this.builtins.find(name);
    return tool ? { tool } : { unavailable: 'it is a builtin tool that is not in the code' };
  }

  view() {
    return { type: this.type };
  }
}
