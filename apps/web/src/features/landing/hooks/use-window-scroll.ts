// The floating contact group needs the same hook outside the landing page, so it lives in hooks/.
export { useScrolledPast } from '@/hooks/use-scrolled-past';
