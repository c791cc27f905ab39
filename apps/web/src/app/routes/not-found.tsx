import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';

export function NotFoundRoute() {
  const { t } = useT();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('common.notFoundTitle')}</h1>
      <p className="mt-3 text-muted-foreground">{t('common.notFoundText')}</p>
      <Button asChild className="mt-8">
        <Link to={paths.home}>{t('common.backHome')}</Link>
      </Button>
    </section>
  );
}
