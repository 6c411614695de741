import http from 'node:http';
import {
  HttpInstrumentation,
  type HttpInstrumentationConfig,
} from '@opentelemetry/instrumentation-http';

/**
 * The HTTP instrumentation on Node's `http` module for the tests of the enclosing `describe`,
 * removed after them. It patches the module from a hook on Node's `require`, which modules
 * loaded by Jest never pass through, so the patch is applied here instead.
 */
export function useHttpInstrumentation(config: HttpInstrumentationConfig): void {
  const instrumentation = new HttpInstrumentation({ ...config, enabled: false });
  const patchesOfHttp = () =>
    instrumentation.getModuleDefinitions().filter(({ name }) => name === 'http');
  beforeAll(() => {
    instrumentation.enable();
    for (const definition of patchesOfHttp()) definition.patch?.(http);
  });
  afterAll(() => {
    for (const definition of patchesOfHttp()) definition.unpatch?.(http);
    instrumentation.disable();
  });
}
