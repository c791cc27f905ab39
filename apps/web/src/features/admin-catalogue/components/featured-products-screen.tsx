import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Save } from 'lucide-react';
import type { MachineListEntry, ServiceListEntry, SparePartListEntry } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { cn } from '@/lib/utils';
import { adminListQuery } from '../api/get-admin-list';
import { invalidateCatalogue } from '@/lib/catalogue-cache';
import { updateFeatured } from '../api/update-featured';
import { toFeaturedEntries, type FeaturedEntry } from '../lib/featured-entries';
import { ENDPOINTS, type AdminProductType } from '../lib/product-types';

const TYPE_BADGE: Record<AdminProductType, { label: string; className: string }> = {
  machine: { label: 'machine', className: 'bg-blue-100 text-blue-800' },
  spare: { label: 'spare', className: 'bg-green-100 text-green-800' },
  service: { label: 'service', className: 'bg-purple-100 text-purple-800' },
};

function useFeaturedSource() {
  return useQueries({
    queries: [
      adminListQuery<MachineListEntry>(ENDPOINTS.machine),
      adminListQuery<SparePartListEntry>(ENDPOINTS.spare),
      adminListQuery<ServiceListEntry>(ENDPOINTS.service),
    ],
  });
}

export function FeaturedProductsScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [machines, spares, services] = useFeaturedSource();
  const error = machines.error ?? spares.error ?? services.error;

  // The table's own copy: toggles stay local until Save Changes (SPEC §4). `baseline` is what
  // the server holds, so 'changed' = differs from it.
  const [entries, setEntries] = useState<FeaturedEntry[] | null>(null);
  const [baseline, setBaseline] = useState<Record<string, boolean>>({});
  const [saving, setSaving] = useState(false);

  // Seeded once from the first complete load; later refetches must not wipe unsaved toggles.
  if (entries === null && machines.data && spares.data && services.data) {
    const loaded = toFeaturedEntries(machines.data, spares.data, services.data);
    setEntries(loaded);
    setBaseline(Object.fromEntries(loaded.map((e) => [e.key, e.featured])));
  }

  useEffect(() => {
    if (!error) return;
    console.error('Error fetching products:', error);
    toast({ variant: 'destructive', title: 'Error', description: 'Failed to fetch products' });
  }, [error]);

  const rows = entries ?? [];
  const changed = rows.filter((e) => baseline[e.key] !== e.featured);
  const loading = entries === null && !error;

  const toggle = (key: string) =>
    setEntries((current) => current?.map((e) => (e.key === key ? { ...e, featured: !e.featured } : e)) ?? current);

  const save = async () => {
    if (saving || changed.length === 0) return;
    setSaving(true);
    const outcomes = await Promise.allSettled(
      changed.map((e) => updateFeatured({ type: e.type, id: e.id, featured: e.featured })),
    );
    const succeeded = changed.filter((_, i) => outcomes[i]?.status === 'fulfilled');
    const failed = changed.filter((_, i) => outcomes[i]?.status === 'rejected');
    // Saved items become the new baseline; failed ones keep differing, so they stay 'changed'.
    setBaseline((current) => ({ ...current, ...Object.fromEntries(succeeded.map((e) => [e.key, e.featured])) }));
    setSaving(false);
    if (succeeded.length > 0) void invalidateCatalogue(queryClient);
    if (failed.length === 0) {
      toast({ title: 'Success', description: 'Featured products updated successfully' });
    } else {
      for (const [i, outcome] of outcomes.entries()) {
        if (outcome.status === 'rejected') console.error(`Error saving ${changed[i]?.name ?? ''}:`, outcome.reason);
      }
      toast({
        variant: 'destructive',
        title: 'Error',
        description: `Failed to save featured products: ${failed.map((e) => e.name).join(', ')}`,
      });
    }
  };

  const counters = [
    { label: 'Total Products', value: rows.length },
    { label: 'Featured', value: rows.filter((e) => e.featured).length },
    { label: 'Machines', value: rows.filter((e) => e.type === 'machine').length },
    { label: 'Parts & Services', value: rows.filter((e) => e.type !== 'machine').length },
  ];

  return (
    <div className="flex flex-col gap-6">
      <div>
        <Button variant="ghost" className="-ml-3" onClick={() => void navigate(paths.admin.products)}>
          <ArrowLeft aria-hidden="true" />
          Back to Products
        </Button>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Featured Products</h1>
          <p className="text-muted-foreground">Manage which products appear on the landing page</p>
        </div>
        <Button onClick={() => void save()} disabled={saving || changed.length === 0}>
          {saving ? <Spinner className="text-current" /> : <Save aria-hidden="true" />}
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {counters.map((c) => (
          <Card key={c.label} className="flex flex-col-reverse gap-1 p-4">
            <dt className="text-sm text-muted-foreground">{c.label}</dt>
            <dd className="text-2xl font-bold" data-testid={`counter-${c.label}`}>
              {c.value}
            </dd>
          </Card>
        ))}
      </dl>

      <Card className="overflow-hidden">
        <h2 id="all-products-heading" className="border-b p-4 text-lg font-semibold">
          All Products
        </h2>
        {loading ? (
          <p role="status" className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
            <Spinner />
            Loading products...
          </p>
        ) : rows.length === 0 ? (
          <p className="py-12 text-center text-muted-foreground">No products found</p>
        ) : (
          // Scrolls sideways on phones rather than squeezing five columns into 390 px.
          <div className="overflow-x-auto">
            <table aria-labelledby="all-products-heading" className="w-full min-w-[40rem] text-left text-sm">
              <thead className="bg-muted/60 text-xs text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Featured
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Name
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Type
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Category
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Description
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((e) => {
                  const badge = TYPE_BADGE[e.type];
                  const isChanged = baseline[e.key] !== e.featured;
                  return (
                    <tr key={e.key} className={cn('border-t', isChanged && 'bg-amber-50')} data-changed={isChanged}>
                      <td className="px-4 py-3">
                        <input
                          type="checkbox"
                          className="size-4 accent-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
                          checked={e.featured}
                          disabled={saving}
                          onChange={() => toggle(e.key)}
                          aria-label={`Featured: ${e.name}`}
                        />
                        {isChanged ? <span className="sr-only"> (unsaved change)</span> : null}
                      </td>
                      <th scope="row" className="px-4 py-3 font-medium">
                        {e.name}
                      </th>
                      <td className="px-4 py-3">
                        <span
                          className={cn(
                            'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold',
                            badge.className,
                          )}
                          data-type={e.type}
                        >
                          {badge.label}
                        </span>
                      </td>
                      <td className="px-4 py-3">{e.category}</td>
                      <td className="max-w-md px-4 py-3 text-muted-foreground">
                        <span className="line-clamp-2">{e.description}</span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}
