import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { Machine, PublicReview, Service, SparePart } from '@capstan/shared';

/** Handlers for the landing page's three featured lists (SPEC §7) and its approved reviews (issue 17). */
export function featuredHandlers({
  machines = [],
  spareParts = [],
  services = [],
  reviews = [],
}: {
  machines?: Machine[];
  spareParts?: SparePart[];
  services?: Service[];
  reviews?: PublicReview[];
} = {}) {
  const reply = (body: JsonBodyType) => () => HttpResponse.json(body);
  return [
    http.get('/api/products/featured', reply(machines)),
    http.get('/api/spareparts/featured', reply(spareParts)),
    http.get('/api/services/featured', reply(services)),
    http.get('/api/reviews', reply(reviews)),
  ];
}
