// The floating contact group needs the same hooks outside the landing page, so they live in hooks/.
export { useScrolledPast, useScrolledPastOnceKnown } from '@/hooks/use-scrolled-past';
