import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsIn, IsString, Matches } from 'class-validator';
import { Omittable } from '../../../core/validation/omittable.decorator';
import { STEP_KEY_PATTERN } from '../step-template-paths';

/** What a workflow step runs: a registered agent or a registered tool. */
export const STEP_TYPES = ['agent', 'tool'] as const;

export type StepType = (typeof STEP_TYPES)[number];

export class WorkflowStepDto {
  /** @example "agent" */
  @IsIn(STEP_TYPES)
  type!: StepType;

  /** The id of the agent or tool, as `type` says. @example "5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d" */
  @IsString()
  id!: string;

  /**
   * Names the step for the input templates of later steps (`{{ steps.<key>.output }}`), unique
   * in the workflow: a lowercase letter, then up to 63 lowercase letters, digits or `_`.
   * @example "fetch_prices"
   */
  @ApiProperty({ pattern: STEP_KEY_PATTERN.source, maxLength: 64 })
  @Omittable()
  @IsString()
  @Matches(STEP_KEY_PATTERN, {
    message: '$property must be a lowercase letter, then up to 63 lowercase letters, digits or _',
  })
  key?: string;

  /**
   * The template of the step's input: any JSON value but `null`. A string that is exactly
   * `{{ path }}` becomes the value read, type kept; other strings get each `{{ path }}` as
   * text; arrays and objects are rendered item by item. Paths: `input…`,
   * `previous.output…`, `steps.<index|key>.output…`, each followed by keys or array indexes
   * (`steps.fetch_prices.output.items.0`); only earlier steps can be read.
   * @example {"symbols": "{{ steps.fetch_prices.output.symbols }}", "note": "Prices for {{ input.market }}"}
   */
  @ApiProperty({
    required: false,
    oneOf: [
      { type: 'object' },
      { type: 'array', items: {} },
      { type: 'string' },
      { type: 'number' },
      { type: 'boolean' },
    ],
  })
  @Omittable()
  @IsDefined({ message: '$property must not be null; leave it out for no template' })
  input?: unknown;
}

/** A step as the API shows it: with the name of what it runs; `key` and `input` when set. */
export class WorkflowStepViewDto extends WorkflowStepDto {
  /** @example "buy_signal_analyzer" */
  name!: string;
}
