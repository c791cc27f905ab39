import { MyMachinePage } from '@/features/service';

export function MyMachineRoute() {
  return <MyMachinePage />;
}
