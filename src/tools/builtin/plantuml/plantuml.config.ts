import { IsUrl, Min } from 'class-validator';
import { Describe, IntegerVariable, VariableGroup } from '../../../core/config';

/** The environment variables of the encodePlantUML tool. */
@VariableGroup('encodePlantUML')
export class PlantUmlConfig {
  @Describe('PlantUML server the links point to (a self-hosted one works)')
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false })
  PLANTUML_SERVER_URL = 'https://www.plantuml.com/plantuml';

  @Describe('Largest `plantumlCode`, in UTF-8 bytes; larger is `413 CODE_TOO_LARGE`')
  @IntegerVariable()
  @Min(1)
  MAX_CODE_BYTES = 50 * 1024;
}
