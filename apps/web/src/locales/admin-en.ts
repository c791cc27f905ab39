/**
 * The back office's English messages: a chunk of the admin area, never loaded by public pages.
 * Imported file by file so their keys are types (`AdminMessageKey`).
 */
import admin from './admin/en/admin.json';
import adminAccount from './admin/en/adminAccount.json';
import adminActivity from './admin/en/adminActivity.json';
import adminBackups from './admin/en/adminBackups.json';
import adminCatalogue from './admin/en/adminCatalogue.json';
import adminDashboard from './admin/en/adminDashboard.json';
import adminImport from './admin/en/adminImport.json';
import adminImportFile from './admin/en/adminImportFile.json';
import adminInquiries from './admin/en/adminInquiries.json';
import adminInstallations from './admin/en/adminInstallations.json';
import adminItemForms from './admin/en/adminItemForms.json';
import adminOutbox from './admin/en/adminOutbox.json';
import adminQuotations from './admin/en/adminQuotations.json';
import adminService from './admin/en/adminService.json';
import adminReviews from './admin/en/adminReviews.json';
import adminSite from './admin/en/adminSite.json';
import adminStaff from './admin/en/adminStaff.json';
import adminValidation from './admin/en/adminValidation.json';

export const ADMIN_EN_CATALOGUE = {
  admin,
  adminAccount,
  adminActivity,
  adminBackups,
  adminCatalogue,
  adminDashboard,
  adminImport,
  adminImportFile,
  adminInquiries,
  adminInstallations,
  adminItemForms,
  adminOutbox,
  adminQuotations,
  adminReviews,
  adminService,
  adminSite,
  adminStaff,
  adminValidation,
};
