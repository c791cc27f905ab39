export { AdminInquiries } from './components/admin-inquiries';
export type { InquiryQuotationsSlot } from './components/admin-inquiries';
