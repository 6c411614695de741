import { Max, Min } from 'class-validator';
import { Describe, IntegerVariable, VariableGroup } from '../../core/config';

/**
 * The limits on a registered tool's `parameters` (its input JSON Schema), checked when it is
 * written and when it is loaded: compiling and running a schema costs time and memory in
 * proportion to its size, so these bound what one registration can make the server do.
 */
@VariableGroup("Registered tools' schemas")
export class ToolSchemaConfig {
  @Describe('Largest `parameters` (input JSON Schema) of a registered tool, in bytes of JSON')
  @IntegerVariable()
  @Min(1024)
  TOOL_SCHEMA_MAX_BYTES = 256 * 1024;

  @Describe("Deepest nesting of objects and arrays in a registered tool's `parameters`")
  @IntegerVariable()
  @Min(2)
  @Max(256)
  TOOL_SCHEMA_MAX_DEPTH = 32;

  @Describe("Most `properties` + `patternProperties` entries across a registered tool's schema")
  @IntegerVariable()
  @Min(1)
  TOOL_SCHEMA_MAX_PROPERTIES = 500;
}
