import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Machine, Service, SparePart } from '@capstan/shared';
import { ItemImage } from '@/components/item-image';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { api } from '@/lib/api-client';

// Temporary details page: the product details screen replaces it in a later issue.
type DetailItem =
  { kind: 'machine'; item: Machine } | { kind: 'service'; item: Service } | { kind: 'spare'; item: SparePart };

/** SPEC §7: try products, then services, then spare parts; the first that answers OK wins. */
async function fetchDetailItem(id: string, signal: AbortSignal): Promise<DetailItem | null> {
  const segment = encodeURIComponent(id);
  const attempts = [
    () => api.get<Machine>(`/api/products/${segment}`, { signal }).then((item) => ({ kind: 'machine', item }) as const),
    () => api.get<Service>(`/api/services/${segment}`, { signal }).then((item) => ({ kind: 'service', item }) as const),
    () =>
      api.get<SparePart>(`/api/spareparts/${segment}`, { signal }).then((item) => ({ kind: 'spare', item }) as const),
  ];
  for (const attempt of attempts) {
    try {
      return await attempt();
    } catch (error) {
      if (signal.aborted) throw error;
    }
  }
  return null;
}

export function ProductRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const detail = useQuery({
    queryKey: ['product-details', id],
    queryFn: ({ signal }) => fetchDetailItem(id, signal),
  });

  if (detail.isPending) {
    return (
      <p role="status" className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-16 text-muted-foreground sm:px-6">
        <Spinner /> Loading product...
      </p>
    );
  }

  if (!detail.data) {
    return (
      <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <h1 className="text-2xl font-bold tracking-tight">Oops! Something went wrong</h1>
        <p className="mt-3 text-muted-foreground">Product not found</p>
        <Button className="mt-8" onClick={() => void navigate(-1)}>
          Go Back
        </Button>
      </section>
    );
  }

  const { kind, item } = detail.data;
  return (
    <article className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-2">
      <div className="aspect-[4/3] overflow-hidden rounded-lg border bg-muted">
        <ItemImage
          images={item.images}
          kind={kind === 'spare' ? 'part' : 'machine'}
          alt={item.name}
          className="size-full"
        />
      </div>
      <div>
        <Badge variant="outline">Product details preview</Badge>
        <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">{item.name}</h1>
        <p className="mt-4 whitespace-pre-line text-muted-foreground">{item.description}</p>
      </div>
    </article>
  );
}
