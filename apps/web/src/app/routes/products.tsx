import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { LIST_TIMEOUT_MS, type Machine } from '@capstan/shared';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { api, ApiError, TimeoutError } from '@/lib/api-client';

// Temporary catalogue page: the full catalogue screen replaces it in a later issue.
const MACHINES_URL = '/api/products?category=machine';

function describeFailure(error: Error): string {
  if (error instanceof TimeoutError) return 'Request for machines timed out.';
  if (error instanceof ApiError) return `Failed to fetch machines: ${error.statusText || error.status}`;
  return 'Failed to fetch machines.';
}

export function ProductsRoute() {
  const machines = useQuery({
    queryKey: [MACHINES_URL],
    queryFn: ({ signal }) => api.get<Machine[]>(MACHINES_URL, { signal, timeoutMs: LIST_TIMEOUT_MS }),
  });

  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Machines</h1>
        <Badge variant="outline">Catalogue preview</Badge>
      </div>
      <p className="mt-2 text-muted-foreground">
        The full catalogue with spare parts, services, search and sorting is on its way.
      </p>

      {machines.isPending ? (
        <p role="status" className="mt-8 flex items-center gap-3 text-muted-foreground">
          <Spinner /> Loading machines...
        </p>
      ) : null}
      {machines.isError ? (
        <div role="alert" className="mt-8">
          <p className="font-medium text-destructive">Failed to load products. Please try again.</p>
          <p className="mt-1 text-sm text-muted-foreground">{describeFailure(machines.error)}</p>
        </div>
      ) : null}
      {machines.isSuccess ? (
        machines.data.length === 0 ? (
          <p className="mt-8 text-muted-foreground">No machines available</p>
        ) : (
          <ul className="mt-8 divide-y rounded-lg border">
            {machines.data.map((machine) => (
              <li key={machine.id}>
                <Link
                  to={paths.product(machine.id)}
                  className="block px-4 py-3 font-medium hover:bg-muted hover:text-primary focus-visible:bg-muted focus-visible:outline-none"
                >
                  {machine.name}
                </Link>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}
