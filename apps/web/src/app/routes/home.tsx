import { LandingShell } from '@/features/landing-shell/components/landing-shell';

export function HomeRoute() {
  return <LandingShell />;
}
