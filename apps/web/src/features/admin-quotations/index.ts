export { EditQuotationScreen, NewQuotationScreen } from './components/editor-screens';
export { InquiryQuotations } from './components/inquiry-quotations';
export { QuotationScreen } from './components/quotation-screen';
export { QuotationsScreen } from './components/quotations-screen';
