import { IsUrl, Min } from 'class-validator';
import { IntegerVariable } from '../../../core/config';

/** The environment variables of the encodePlantUML tool. */
export class PlantUmlConfig {
  /** Base URL of the PlantUML server the links point to; a self-hosted server works too. */
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false })
  PLANTUML_SERVER_URL = 'https://www.plantuml.com/plantuml';

  /** Largest `plantumlCode` accepted, in UTF-8 bytes (seed 001: 50KB). */
  @IntegerVariable()
  @Min(1)
  MAX_CODE_BYTES = 50 * 1024;
}
