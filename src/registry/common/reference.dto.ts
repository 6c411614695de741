/** A short reference to another resource. */
export class ReferenceDto {
  /** @example "3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10" */
  id!: string;
  /** @example "buy_signal_analyzer" */
  name!: string;
}
