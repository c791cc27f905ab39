import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">404 Not Found</h1>
      <p className="mt-3 text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild className="mt-8">
        <Link to={paths.home}>Back to home</Link>
      </Button>
    </section>
  );
}
