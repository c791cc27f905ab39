import { useParams } from 'react-router';
import { AdminActivity } from '@/features/admin-activity';
import { AccountScreen } from '@/features/admin-account';
import { AdminDashboard } from '@/features/admin-dashboard';
import { AdminInquiries } from '@/features/admin-inquiries';
import { OutboxScreen } from '@/features/admin-outbox';
import { FeaturedProductsScreen, ProductManagementScreen } from '@/features/admin-catalogue';
import { ItemForm, ServiceForm } from '@/features/admin-item-forms';

// The admin screens, one per route in SPEC §2; loaded only when an admin route opens.
export function AdminDashboardRoute() {
  return <AdminDashboard />;
}

export function AdminInquiriesRoute() {
  return <AdminInquiries />;
}

/** The staff notification email links here: the inbox, opened at that inquiry. */
export function AdminInquiryRoute() {
  const { inquiryId } = useParams();
  return <AdminInquiries focusId={inquiryId} />;
}

export function AdminOutboxRoute() {
  return <OutboxScreen />;
}

export function AdminProductsRoute() {
  return <ProductManagementScreen />;
}

export function AdminSparePartsRoute() {
  return <ProductManagementScreen initialTab="spares" />;
}

export function AdminAddMachineRoute() {
  return <ItemForm kind="machine" />;
}

export function AdminEditMachineRoute() {
  return <ItemForm kind="machine" />;
}

export function AdminAddSparePartRoute() {
  return <ItemForm kind="sparePart" />;
}

export function AdminEditSparePartRoute() {
  return <ItemForm kind="sparePart" />;
}

export function AdminAddServiceRoute() {
  return <ServiceForm />;
}

export function AdminEditServiceRoute() {
  return <ServiceForm />;
}

export function AdminFeaturedProductsRoute() {
  return <FeaturedProductsScreen />;
}

export function AdminActivityRoute() {
  return <AdminActivity />;
}

export function AdminAccountRoute() {
  return <AccountScreen />;
}
