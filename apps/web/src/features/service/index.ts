export { MyMachinePage } from './components/my-machine-page';
export { ServiceRequestPage } from './components/service-request-page';
export { ServiceSentPage } from './components/service-sent-page';
