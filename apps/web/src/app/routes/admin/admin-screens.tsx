import { useParams } from 'react-router';
import { AdminActivity } from '@/features/admin-activity';
import { AccountScreen } from '@/features/admin-account';
import { BackupsScreen } from '@/features/admin-backups';
import { AdminDashboard } from '@/features/admin-dashboard';
import { AdminInquiries, type InquiryQuotationsSlot } from '@/features/admin-inquiries';
import {
  EditQuotationScreen,
  InquiryQuotations,
  NewQuotationScreen,
  QuotationScreen,
  QuotationsScreen,
} from '@/features/admin-quotations';
import { AdminReviews } from '@/features/admin-reviews';
import { ServiceRequestScreen, ServiceRequestsScreen } from '@/features/admin-service-requests';
import { OutboxScreen } from '@/features/admin-outbox';
import {
  FeaturedProductsScreen,
  ItemTermsScreen,
  MachineCategoriesScreen,
  ProductManagementScreen,
} from '@/features/admin-catalogue';
import { CatalogueImportScreen } from '@/features/admin-import';
import {
  EditInstallationScreen,
  InstallationScreen,
  InstallationsImportScreen,
  InstallationsScreen,
  NewInstallationScreen,
} from '@/features/admin-installations';
import { ItemForm, ServiceForm } from '@/features/admin-item-forms';
import { ChatSettingsScreen, CompanySettingsScreen, LandingContentScreen } from '@/features/admin-site';
import { StaffScreen } from '@/features/admin-staff';
import { RequirePermission } from './require-permission';

// The admin screens, one per route in SPEC §2; loaded only when an admin route opens. A screen
// a role may not use says so instead of failing on its first request (decision 024).
export function AdminDashboardRoute() {
  return <AdminDashboard />;
}

/** Each inquiry of the inbox with its quotations and "Prepare quotation" (shown to roles with quotations.manage). */
const inquiryQuotations: InquiryQuotationsSlot = ({ id, name }) => <InquiryQuotations inquiryId={id} name={name} />;

export function AdminInquiriesRoute() {
  return (
    <RequirePermission permission="inquiries.manage">
      <AdminInquiries quotations={inquiryQuotations} />
    </RequirePermission>
  );
}

/** The staff notification email links here: the inbox, opened at that inquiry. */
export function AdminInquiryRoute() {
  const { inquiryId } = useParams();
  return (
    <RequirePermission permission="inquiries.manage">
      <AdminInquiries focusId={inquiryId} quotations={inquiryQuotations} />
    </RequirePermission>
  );
}

/** "Prepare quotation" from an inquiry (issue 39): the editor prefilled from it. */
export function AdminNewQuotationRoute() {
  const { inquiryId = '' } = useParams();
  return (
    <RequirePermission permission="quotations.manage">
      <NewQuotationScreen inquiryId={inquiryId} />
    </RequirePermission>
  );
}

export function AdminQuotationsRoute() {
  return (
    <RequirePermission permission="quotations.manage">
      <QuotationsScreen />
    </RequirePermission>
  );
}

export function AdminQuotationRoute() {
  const { quotationId = '' } = useParams();
  return (
    <RequirePermission permission="quotations.manage">
      <QuotationScreen key={quotationId} quotationId={quotationId} />
    </RequirePermission>
  );
}

export function AdminEditQuotationRoute() {
  const { quotationId = '' } = useParams();
  return (
    <RequirePermission permission="quotations.manage">
      <EditQuotationScreen quotationId={quotationId} />
    </RequirePermission>
  );
}

/** Service requests (issue 40): handled by the service role and owners. */
export function AdminServiceRequestsRoute() {
  return (
    <RequirePermission permission="service.manage">
      <ServiceRequestsScreen />
    </RequirePermission>
  );
}

export function AdminServiceRequestRoute() {
  const { serviceRequestId = '' } = useParams();
  return (
    <RequirePermission permission="service.manage">
      <ServiceRequestScreen key={serviceRequestId} serviceRequestId={serviceRequestId} />
    </RequirePermission>
  );
}

/** The emails about leads are read by those who handle leads (owner, sales), not editors (decision 050). */
/** The register of installed machines (issue 40): sales read it; owners and the service role change it. */
export function AdminInstallationsRoute() {
  return (
    <RequirePermission permission="installations.read">
      <InstallationsScreen />
    </RequirePermission>
  );
}

export function AdminInstallationRoute() {
  const { installationId = '' } = useParams();
  return (
    <RequirePermission permission="installations.read">
      <InstallationScreen key={installationId} installationId={installationId} />
    </RequirePermission>
  );
}

export function AdminNewInstallationRoute() {
  return (
    <RequirePermission permission="installations.manage">
      <NewInstallationScreen />
    </RequirePermission>
  );
}

export function AdminEditInstallationRoute() {
  const { installationId = '' } = useParams();
  return (
    <RequirePermission permission="installations.manage">
      <EditInstallationScreen key={installationId} installationId={installationId} />
    </RequirePermission>
  );
}

export function AdminInstallationsImportRoute() {
  return (
    <RequirePermission permission="installations.manage">
      <InstallationsImportScreen />
    </RequirePermission>
  );
}

export function AdminOutboxRoute() {
  return (
    <RequirePermission permission="inquiries.manage">
      <OutboxScreen />
    </RequirePermission>
  );
}

export function AdminProductsRoute() {
  return <ProductManagementScreen />;
}

export function AdminSparePartsRoute() {
  return <ProductManagementScreen initialTab="spares" />;
}

export function AdminAddMachineRoute() {
  return (
    <RequirePermission permission="catalogue.write">
      <ItemForm kind="machine" />
    </RequirePermission>
  );
}

export function AdminEditMachineRoute() {
  return (
    <RequirePermission permission="catalogue.write">
      <ItemForm kind="machine" />
    </RequirePermission>
  );
}

export function AdminAddSparePartRoute() {
  return (
    <RequirePermission permission="catalogue.write">
      <ItemForm kind="sparePart" />
    </RequirePermission>
  );
}

export function AdminEditSparePartRoute() {
  return (
    <RequirePermission permission="catalogue.write">
      <ItemForm kind="sparePart" />
    </RequirePermission>
  );
}

export function AdminAddServiceRoute() {
  return (
    <RequirePermission permission="catalogue.write">
      <ServiceForm />
    </RequirePermission>
  );
}

export function AdminEditServiceRoute() {
  return (
    <RequirePermission permission="catalogue.write">
      <ServiceForm />
    </RequirePermission>
  );
}

export function AdminFeaturedProductsRoute() {
  return (
    <RequirePermission permission="catalogue.write">
      <FeaturedProductsScreen />
    </RequirePermission>
  );
}

export function AdminActivityRoute() {
  return (
    <RequirePermission permission="audit.read">
      <AdminActivity />
    </RequirePermission>
  );
}

export function AdminAccountRoute() {
  return <AccountScreen />;
}

export function AdminStaffRoute() {
  return (
    <RequirePermission permission="staff.manage">
      <StaffScreen />
    </RequirePermission>
  );
}

export function AdminSiteCompanyRoute() {
  return (
    <RequirePermission permission="site.company">
      <CompanySettingsScreen />
    </RequirePermission>
  );
}

export function AdminSiteLandingRoute() {
  return (
    <RequirePermission permission="site.content">
      <LandingContentScreen />
    </RequirePermission>
  );
}

export function AdminSiteChatRoute() {
  return (
    <RequirePermission permission="site.content">
      <ChatSettingsScreen />
    </RequirePermission>
  );
}

/** The archives hold everything the site holds, staff accounts included: owners only. */
export function AdminSiteBackupsRoute() {
  return (
    <RequirePermission permission="site.backups">
      <BackupsScreen />
    </RequirePermission>
  );
}

export function AdminReviewsRoute() {
  return (
    <RequirePermission permission="reviews.manage">
      <AdminReviews />
    </RequirePermission>
  );
}

/** Sales open it too, to download the price list; the screen leaves out the import for them. */
export function AdminCatalogueImportRoute() {
  return (
    <RequirePermission permission="catalogue.export">
      <CatalogueImportScreen />
    </RequirePermission>
  );
}

export function AdminItemTermsRoute() {
  return (
    <RequirePermission permission="catalogue.write">
      <ItemTermsScreen />
    </RequirePermission>
  );
}

export function AdminMachineCategoriesRoute() {
  return (
    <RequirePermission permission="catalogue.write">
      <MachineCategoriesScreen />
    </RequirePermission>
  );
}
