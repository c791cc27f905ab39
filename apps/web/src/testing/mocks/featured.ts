import { http, HttpResponse, type JsonBodyType } from 'msw';
import { type Machine, type PublicReview, type Service, type SparePart, TOTAL_COUNT_HEADER } from '@capstan/shared';

/**
 * Handlers for the landing page's three featured lists (SPEC §7), its approved reviews
 * and the machines its review form offers (`/api/products?category=machine`).
 */
export function featuredHandlers({
  machines = [],
  spareParts = [],
  services = [],
  reviews = [],
  allMachines = [],
}: {
  machines?: Machine[];
  spareParts?: SparePart[];
  services?: Service[];
  reviews?: PublicReview[];
  allMachines?: { id: string; name: string; code: string | null }[];
} = {}) {
  const reply = (body: JsonBodyType) => () => HttpResponse.json(body);
  return [
    http.get('/api/products/featured', reply(machines)),
    http.get('/api/spareparts/featured', reply(spareParts)),
    http.get('/api/services/featured', reply(services)),
    http.get('/api/reviews', reply(reviews)),
    http.get('/api/products', () =>
      HttpResponse.json(allMachines, { headers: { [TOTAL_COUNT_HEADER]: String(allMachines.length) } }),
    ),
  ];
}
