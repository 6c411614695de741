import { type Type } from '@nestjs/common';
import { Type as TransformType } from 'class-transformer';
import { ValidateBy, ValidateNested } from 'class-validator';

/**
 * The request DTO of each kind operators may register, by type. class-validator and
 * class-transformer run outside Nest's injector, so the app publishes its kinds here as it
 * starts; a process serves one app, and every app has the same kinds of the code.
 */
let requestDtos = new Map<string, Type>();
/** The types whose kind defines its tools' input schema. */
let typesSupplyingParameters = new Set<string>();

export function publishToolKindRequests(
  dtos: ReadonlyMap<string, Type>,
  supplyingParameters: Iterable<string>,
): void {
  requestDtos = new Map(dtos);
  typesSupplyingParameters = new Set(supplyingParameters);
}

/** Whether a registration of this implementation may omit `parameters`. */
export function suppliesParameters(implementation: unknown): boolean {
  const type: unknown = (implementation as { type?: unknown } | undefined)?.type;
  return typeof type === 'string' && typesSupplyingParameters.has(type);
}

/** An `implementation` whose type no registrable kind owns: only its type is judged. */
class UnknownToolKindRequestDto {
  @ValidateBy({
    name: 'isRegistrableToolKind',
    validator: {
      validate: () => false,
      defaultMessage: () =>
        `$property must be one of the following values: ${[...requestDtos.keys()].join(', ')}`,
    },
  })
  type!: unknown;
}

/**
 * A registration's `implementation`, validated by the request DTO of the kind its `type` names,
 * so each kind checks its own fields and a new kind needs no change here.
 */
export function IsToolImplementation(): PropertyDecorator {
  const nested = ValidateNested();
  const typed = TransformType(
    ({ object, property } = { object: {}, property: '', newObject: {} }) => {
      const type: unknown = (object[property] as { type?: unknown } | undefined)?.type;
      return (typeof type === 'string' && requestDtos.get(type)) || UnknownToolKindRequestDto;
    },
  );
  return (target, key) => {
    nested(target, key);
    typed(target, key);
  };
}
