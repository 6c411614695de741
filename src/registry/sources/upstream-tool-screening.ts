import { Injectable } from '@nestjs/common';
import picomatch from 'picomatch';
import { refusalReasonOf } from '../tools/refusal-reason';
import { ToolParametersCompiler } from '../tools/tool-parameters';
import { type UpstreamTool } from './tool-source-type.contract';

/** An upstream tool left out of a sync, and why. */
export interface RefusedUpstreamTool {
  name: string;
  reason: string;
}

/**
 * Which of an upstream's tools a source imports: those its `include` globs match (all when it
 * has none) and no `exclude` glob matches, whose schemas pass the checks a registered tool's
 * pass (size, depth, patterns the linear engine runs, numbers JSON can store). The others are
 * refused by name, with the reason, for the source's `last_error`.
 */
@Injectable()
export class UpstreamToolScreening {
  constructor(private readonly compiler: ToolParametersCompiler) {}

  screen(
    tools: readonly UpstreamTool[],
    filters: { include: string[]; exclude: string[] },
  ): { accepted: UpstreamTool[]; refused: RefusedUpstreamTool[] } {
    const included = matcherOf(filters.include, () => true);
    const excluded = matcherOf(filters.exclude, () => false);
    const accepted: UpstreamTool[] = [];
    const refused: RefusedUpstreamTool[] = [];
    const seen = new Set<string>();
    for (const tool of tools) {
      if (!included(tool.name) || excluded(tool.name)) continue;
      const problem = seen.has(tool.name) ? 'listed twice by the upstream' : this.problemOf(tool);
      seen.add(tool.name);
      if (problem) refused.push({ name: tool.name, reason: problem });
      else accepted.push(tool);
    }
    return { accepted, refused };
  }

  private problemOf(tool: UpstreamTool): string | undefined {
    const problem =
      this.compiler.problemOf(tool.inputSchema, 'inputSchema') ??
      (tool.outputSchema === undefined
        ? undefined
        : this.compiler.problemOf(tool.outputSchema, 'outputSchema'));
    return problem && refusalReasonOf(problem);
  }
}

function matcherOf(globs: string[], whenNone: () => boolean): (name: string) => boolean {
  return globs.length === 0 ? whenNone : picomatch(globs);
}
