import { BooleanVariable, Describe, VariableGroup } from '../config';

/** What spans may carry; whether there are spans at all is for the standard `OTEL_*` variables. */
@VariableGroup('OpenTelemetry')
export class GenAiTelemetryConfig {
  @Describe(
    '`true`: spans carry message content (prompts, answers, tool arguments and results), never secrets or keys. Tracing itself is on when a standard variable asks for it (`OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_TRACES_EXPORTER`, …; see Operations)',
  )
  @BooleanVariable()
  OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT = false;
}
