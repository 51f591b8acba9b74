/** Wrong or missing arguments: exit code 2, with the usage that applies. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly usage: string,
  ) {
    super(message)
    this.name = 'UsageError'
  }
}
