/** An error whose message is safe to show the client, with the status to send. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what = 'Item') => new HttpError(404, `${what} not found`);
export const badRequest = (message: string) => new HttpError(400, message);
