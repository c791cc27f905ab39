import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, ExternalLink, Pencil } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAdminT } from '@/lib/i18n/admin';
import { firstUsableImage, type PlaceholderKind } from '@/lib/images';
import { useSavedItem } from '../api/get-saved-item';

interface SavedItemNoticeProps {
  id: string;
  endpoint: string;
  editRoute: (id: string) => string;
  placeholderKind: PlaceholderKind | null;
}

/**
 * The item a form just saved, above its tab's list: in a list sorted by name and paged,
 * a new item could be on any page, so it is shown here rather than left for staff to hunt for.
 */
export function SavedItemNotice({ id, endpoint, editRoute, placeholderKind }: SavedItemNoticeProps) {
  const { t } = useAdminT();
  const item = useSavedItem(endpoint, id);
  const ref = useRef<HTMLElement>(null);
  const loaded = item.data !== undefined;

  useEffect(() => {
    if (!loaded) return;
    ref.current?.focus({ preventScroll: true });
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [loaded]);

  if (!item.data) return null;
  const saved = item.data;
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-label={t('adminCatalogue.justSaved')}
      data-testid="saved-item"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-green-600/40 bg-green-50 p-4 outline-none focus-visible:ring-2 focus-visible:ring-ring sm:flex-nowrap"
    >
      {placeholderKind ? (
        <img
          src={firstUsableImage(saved.images, placeholderKind)}
          alt=""
          className="aspect-video w-24 shrink-0 rounded-md bg-muted object-cover sm:w-32"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-1 text-sm font-medium text-green-800">
          <CheckCircle2 className="size-4" aria-hidden="true" />
          {t('adminCatalogue.justSaved')}
        </p>
        <p className="truncate font-semibold" title={saved.name}>
          {saved.name}
        </p>
        <p className="line-clamp-2 text-sm text-muted-foreground">{saved.description}</p>
      </div>
      <div className="flex w-full gap-2 sm:w-auto">
        <Button variant="outline" asChild>
          <Link to={editRoute(saved.id)}>
            <Pencil aria-hidden="true" />
            {t('adminCatalogue.edit')}
          </Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to={paths.product(saved.id)}>
            <ExternalLink aria-hidden="true" />
            {t('adminCatalogue.viewOnSite')}
          </Link>
        </Button>
      </div>
    </section>
  );
}
