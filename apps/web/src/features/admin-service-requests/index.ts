export { ServiceRequestScreen } from './components/service-request-screen';
export { ServiceRequestsScreen } from './components/service-requests-screen';
