/** A step that failed: the workflow run fails with its code. */
export class StepFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'StepFailure';
  }
}

/** A step's run was cut off by a stopped server: the step runs again from its start. */
export class StepInterrupted extends Error {
  constructor() {
    super('The step was interrupted');
    this.name = 'StepInterrupted';
  }
}

/** A step's run was cancelled (by its owner, on its own): the workflow run is cancelled too. */
export class StepRunCancelled extends Error {
  constructor() {
    super('The step’s run was cancelled');
    this.name = 'StepRunCancelled';
  }
}
