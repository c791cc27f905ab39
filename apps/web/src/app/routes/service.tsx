import { ServiceRequestPage, ServiceSentPage } from '@/features/service';

export function ServiceRoute() {
  return <ServiceRequestPage />;
}

export function ServiceSentRoute() {
  return <ServiceSentPage />;
}
