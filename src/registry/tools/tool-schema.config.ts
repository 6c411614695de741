import { Max, Min } from 'class-validator';
import { IntegerVariable } from '../../core/config';

/**
 * The limits on a registered tool's `parameters` (its input JSON Schema), checked when it is
 * written and when it is loaded: compiling and running a schema costs time and memory in
 * proportion to its size, so these bound what one registration can make the server do.
 */
export class ToolSchemaConfig {
  /** Largest `parameters` of a registered tool, in bytes of JSON. */
  @IntegerVariable()
  @Min(1024)
  TOOL_SCHEMA_MAX_BYTES = 256 * 1024;

  /** Deepest nesting of objects and arrays in a registered tool's `parameters`. */
  @IntegerVariable()
  @Min(2)
  @Max(256)
  TOOL_SCHEMA_MAX_DEPTH = 32;

  /** Most entries of `properties` and `patternProperties`, counted across the whole schema. */
  @IntegerVariable()
  @Min(1)
  TOOL_SCHEMA_MAX_PROPERTIES = 500;
}
