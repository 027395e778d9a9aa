/** One error shape: `{ error: "<message a person can act on>" }` with a stable status. */

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Not found') => new AppError(404, what);
export const badRequest = (message: string) => new AppError(400, message);
export const unauthenticated = () => new AppError(401, 'Not authenticated');
export const unavailable = (message: string) => new AppError(503, message);

export const GENERIC_500 = 'Something went wrong on our side. Please try again in a moment.';
