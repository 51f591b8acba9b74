/** An error answer of the API or the console: status, code and message, plus extra headers such as Retry-After. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const badRequest = (message: string) => new HttpError(400, 'validation_failed', message)
export const unauthorized = (message = 'Authentication failed.') => new HttpError(401, 'unauthorized', message)
