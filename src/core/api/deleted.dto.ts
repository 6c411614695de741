/** The answer to a delete: what was deleted. */
export class DeletedDto {
  /** @example true */
  deleted!: true;
  /** @example "3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10" */
  id!: string;
}
