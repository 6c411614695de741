import { ValidateBy } from 'class-validator';
import { Describe, VariableGroup } from '../core/config';
import { type ModelPrices, parseModelPrices } from './model-prices';

/** The environment variables of the usage report. */
@VariableGroup('Usage')
export class UsageConfig {
  @Describe(
    'USD per million input and output tokens of each model, as JSON (`{"claude-sonnet-4-5":{"input":3,"output":15}}`); the usage report adds a `cost` when it is set',
    { unset: 'no cost is reported' },
  )
  @ValidateBy({
    name: 'isModelPrices',
    validator: {
      validate: (value: unknown) => value === '' || 'prices' in parseModelPrices(value),
      defaultMessage: (args) => {
        const parsed = parseModelPrices(args?.value);
        return `${args?.property} ${'problem' in parsed ? parsed.problem : 'is invalid'}`;
      },
    },
  })
  MODEL_PRICES = '';

  /** The prices `MODEL_PRICES` gives; undefined when it is not set. */
  prices(): ModelPrices | undefined {
    if (this.MODEL_PRICES === '') return undefined;
    const parsed = parseModelPrices(this.MODEL_PRICES);
    return 'prices' in parsed ? parsed.prices : undefined;
  }
}
