import { lazy, Suspense, useState } from 'react';
import { useToast } from '@/hooks/use-toast';

const Toaster = lazy(async () => ({ default: (await import('./toaster')).Toaster }));

/**
 * The toast viewport (Radix Toast) is loaded with the first toast: most visits never show one,
 * so the landing page does not pay for it up front.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
