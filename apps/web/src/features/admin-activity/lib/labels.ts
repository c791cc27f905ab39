import type { AuditAction, AuditTargetType } from '@capstan/shared';
import type { BackOfficeKey } from '@/lib/i18n/admin';

/** What each action is called on screen (the English is `AUDIT_ACTION_LABELS`'s, from shared). */
export const ACTION_LABELS: Record<AuditAction, BackOfficeKey> = {
  'auth.sign_in': 'adminActivity.actionSignIn',
  'auth.sign_in_failed': 'adminActivity.actionSignInFailed',
  'auth.sign_in_locked': 'adminActivity.actionSignInLocked',
  'item.create': 'adminActivity.actionItemCreate',
  'item.update': 'adminActivity.actionItemUpdate',
  'item.delete': 'adminActivity.actionItemDelete',
  'item.featured': 'adminActivity.actionItemFeatured',
  'featured.order': 'adminActivity.actionFeaturedOrder',
  'inquiry.status': 'adminActivity.actionInquiryStatus',
  'review.update': 'adminActivity.actionReviewUpdate',
  'inquiry.update': 'adminActivity.actionInquiryUpdate',
  'inquiry.note': 'adminActivity.actionInquiryNote',
  'email.resend': 'adminActivity.actionEmailResend',
  'user.password_change': 'adminActivity.actionPasswordChange',
  'user.create': 'adminActivity.actionUserCreate',
  'user.update': 'adminActivity.actionUserUpdate',
  'user.disable': 'adminActivity.actionUserDisable',
  'site.company': 'adminActivity.actionSiteCompany',
  'site.landing': 'adminActivity.actionSiteLanding',
  'site.chat': 'adminActivity.actionSiteChat',
  'site.terms': 'adminActivity.actionSiteTerms',
  'category.create': 'adminActivity.actionCategoryCreate',
  'category.update': 'adminActivity.actionCategoryUpdate',
  'category.delete': 'adminActivity.actionCategoryDelete',
  'catalogue.import': 'adminActivity.actionCatalogueImport',
  'catalogue.pictures': 'adminActivity.actionCataloguePictures',
  'backup.schedule': 'adminActivity.actionBackupSchedule',
  'backup.run': 'adminActivity.actionBackupRun',
  'backup.download': 'adminActivity.actionBackupDownload',
};

export const TARGET_LABELS: Record<AuditTargetType, BackOfficeKey> = {
  machine: 'adminActivity.targetMachine',
  spare: 'adminActivity.targetSpare',
  service: 'adminActivity.targetService',
  inquiry: 'adminActivity.targetInquiry',
  user: 'adminActivity.targetUser',
  review: 'adminActivity.targetReview',
  email: 'adminActivity.targetEmail',
  category: 'adminActivity.targetCategory',
  backup: 'adminActivity.targetBackup',
};
