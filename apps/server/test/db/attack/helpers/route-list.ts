import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  /** The route pattern, e.g. `/api/products/:id`. */
  url: string;
}

/**
 * Every route the instance serves, read from `printRoutes()` so a route added later is
 * covered without touching this suite. Tree lines look like `│   └── /full (PUT)`: each
 * level of nesting is four characters and a child's path continues its parent's.
 */
export function listRoutes(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const branch = line.indexOf('── ');
    if (branch < 0) continue;
    const depth = (branch - 1) / 4;
    const match = /^(\S+)(?: \(([^)]*)\))?/.exec(line.slice(branch + 3));
    if (!match) continue;
    const [, segment = '', methods] = match;
    stack.length = depth;
    const url = `${stack[depth - 1] ?? ''}${segment}`;
    stack.push(url);
    for (const method of (methods ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean)) {
      routes.push({ method, url });
    }
  }
  return routes;
}

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
