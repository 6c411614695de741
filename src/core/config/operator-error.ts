/**
 * A failure to start that the operator fixes from its message alone (a variable to correct, a
 * port in use, a database not reachable): the entry points print its message as one readable
 * report and exit with status 1, without the stack trace that would bury it.
 */
export class OperatorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}
