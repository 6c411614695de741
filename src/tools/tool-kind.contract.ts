import { type Type } from '@nestjs/common';
import { type DomainError } from '../core/errors';
import { type JsonSchema } from '../core/json-schema';
import { type ToolImplementation } from '../database/schema';
import { type ToolHandler, type ToolInputSchema } from './tool.contract';
import { type ArtifactsOfAnswer, type ToolWork, type ToolWorkControl } from './tool-task.contract';
import { type CatalogTool } from './tool-catalog.service';

/** A stored tool, as its kind is given it. */
export interface StoredTool {
  name: string;
  implementation: ToolImplementation;
}

/** The `implementation` of a registration request, validated by its kind's request DTO. */
export interface ToolImplementationRequest {
  type: string;
}

/** An implementation as the API shows it: never a secret value. */
export type ToolImplementationView = { type: string } & Record<string, unknown>;

/**
 * What a kind makes of a stored tool: a handler run with the tool's stored `parameters` as its
 * input schema, a whole tool that supplies its own definition and input schema, or the reason
 * it cannot be served (shown as the tool's `unavailable_reason`).
 */
export type ToolKindBuild =
  | {
      handler: ToolHandler;
      /** The shape of its answers, for kinds whose answers have one whatever the tool. */
      outputSchema?: JsonSchema;
      timeLimitMs?: number;
      work?: ToolWork;
      artifactsOf?: ArtifactsOfAnswer;
    }
  | { tool: CatalogTool }
  | { unavailable: string };

/** How a kind that operators register through the API takes a registration's implementation. */
export interface ToolKindRegistration<Request extends ToolImplementationRequest> {
  /** The class-validator DTO a request's `implementation` of this type is checked with. */
  dto: Type<Request>;
  /** What is stored of it: secret values sealed. */
  store(request: Request): ToolImplementation;
  /** Whether a call waits for approval when the registration does not say. */
  requiresApprovalByDefault: boolean;
  /**
   * The input schema of a tool of this kind, for kinds that define it (a registration may then
   * omit `parameters`, and must not give others). Refuses (422) an implementation that names
   * what does not exist.
   */
  suppliedParameters?(implementation: ToolImplementation): Promise<ToolInputSchema>;
}

/**
 * One way a registered tool can run (`implementation.type`): how it is registered, stored, shown
 * and run, and what its calls can fail with. A provider class decorated with `@ToolKindProvider()`
 * in any module is found at start, so a kind can live in a module above the tools layer.
 */
export interface ToolKind<Request extends ToolImplementationRequest = ToolImplementationRequest> {
  /** The `implementation.type` this kind owns. */
  readonly type: string;
  /** Absent for kinds only the code creates, such as `builtin`. */
  readonly registration?: ToolKindRegistration<Request>;
  /** The domain errors a call can answer with beside any tool's, for the OpenAPI document. */
  readonly errors: readonly DomainError[];
  build(tool: StoredTool): ToolKindBuild;
  /**
   * Kinds whose calls are stored work of their own (runs) offer it to clients as tasks: each
   * build then carries the `work` that starts it, and this follows and steers it by its id.
   */
  readonly work?: ToolWorkControl;
  view(implementation: ToolImplementation): ToolImplementationView;
  /** The implementation with each secret value transformed (re-sealed); kinds without secrets omit it. */
  mapSecrets?(
    implementation: ToolImplementation,
    transform: (value: string) => string,
  ): ToolImplementation;
}
