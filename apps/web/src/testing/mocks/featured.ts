import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { Machine, Service, SparePart } from '@capstan/shared';

/** Handlers for the landing page's three featured lists (SPEC §7). */
export function featuredHandlers({
  machines = [],
  spareParts = [],
  services = [],
}: {
  machines?: Machine[];
  spareParts?: SparePart[];
  services?: Service[];
} = {}) {
  const reply = (body: JsonBodyType) => () => HttpResponse.json(body);
  return [
    http.get('/api/products/featured', reply(machines)),
    http.get('/api/spareparts/featured', reply(spareParts)),
    http.get('/api/services/featured', reply(services)),
  ];
}
