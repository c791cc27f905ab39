import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';

/** Last-resort boundary: a render error anywhere shows this instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useT();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{t('common.errorTitle')}</h1>
      <p className="mt-3 text-muted-foreground">{t('common.errorText')}</p>
      {detail ? <p className="mt-1 text-sm text-muted-foreground">{detail}</p> : null}
      <Button asChild className="mt-8">
        <Link to={paths.home} reloadDocument>
          {t('common.backHome')}
        </Link>
      </Button>
    </section>
  );
}
