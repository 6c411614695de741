import { type Provider } from '@nestjs/common';
import { provideFeatureConfig } from '../../core/config';
import { ToolParametersCompiler } from './tool-parameters';
import { ToolSchemaConfig } from './tool-schema.config';

/**
 * What checks and compiles tool input schemas (tools' `parameters`, workflows' `input_schema`):
 * its limits and the compiler.
 */
export const TOOL_SCHEMA_PROVIDERS: Provider[] = [
  provideFeatureConfig(ToolSchemaConfig),
  ToolParametersCompiler,
];
