import { setupServer } from 'msw/node';

/** No default handlers: each test declares the API it expects, and anything else fails. */
export const server = setupServer();
