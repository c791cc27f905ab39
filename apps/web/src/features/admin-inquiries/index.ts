export { AdminInquiries } from './components/admin-inquiries';
