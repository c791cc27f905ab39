import { useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';

// Placeholders so every admin route in SPEC §2 resolves; the real screens replace them later.
function AdminPlaceholder({ title, detail }: { title: string; detail?: string }) {
  return (
    <section className="rounded-lg border bg-background p-6 shadow-sm">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <Badge variant="outline">Coming soon</Badge>
      </div>
      {detail ? <p className="mt-2 text-sm text-muted-foreground">{detail}</p> : null}
      <p className="mt-4 text-muted-foreground">This admin screen is not built yet.</p>
    </section>
  );
}

export function AdminDashboardRoute() {
  return <AdminPlaceholder title="Dashboard" />;
}

export function AdminProductsRoute() {
  const { productId } = useParams();
  return <AdminPlaceholder title="Product Management" {...(productId ? { detail: `Product ${productId}` } : {})} />;
}

export function AdminSparePartsRoute() {
  return <AdminPlaceholder title="Product Management" detail="Spare Parts" />;
}

export function AdminAddMachineRoute() {
  return <AdminPlaceholder title="Add Machine" />;
}

export function AdminEditMachineRoute() {
  const { productId = '' } = useParams();
  return <AdminPlaceholder title="Edit Machine" detail={`Machine ${productId}`} />;
}

export function AdminAddSparePartRoute() {
  return <AdminPlaceholder title="Add Spare Part" />;
}

export function AdminEditSparePartRoute() {
  const { sparePartId = '' } = useParams();
  return <AdminPlaceholder title="Edit Spare Part" detail={`Spare part ${sparePartId}`} />;
}

export function AdminAddServiceRoute() {
  return <AdminPlaceholder title="Add Service" />;
}

export function AdminEditServiceRoute() {
  const { serviceId = '' } = useParams();
  return <AdminPlaceholder title="Edit Service" detail={`Service ${serviceId}`} />;
}

export function AdminFeaturedProductsRoute() {
  return <AdminPlaceholder title="Featured Products" detail="Manage which products appear on the landing page" />;
}
