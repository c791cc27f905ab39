import { useState } from 'react';
import type { ServiceRequest } from '@capstan/shared';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useAdminT } from '@/lib/i18n/admin';

/** The buyer's photos as thumbnails; one opens at full size over the page. */
export function RequestPhotos({ request }: { request: Pick<ServiceRequest, 'photos' | 'reference'> }) {
  const { t } = useAdminT();
  const [open, setOpen] = useState<number | null>(null);
  const count = request.photos.length;
  const shown = open === null ? undefined : request.photos[open];
  const alt = (index: number) => t('adminService.photoAlt', { number: index + 1, count, reference: request.reference });

  return (
    <>
      <ul className="flex flex-wrap gap-2" aria-label={t('adminService.photos')}>
        {request.photos.map((photo, index) => (
          <li key={photo.id}>
            <button
              type="button"
              onClick={() => setOpen(index)}
              aria-label={t('adminService.openPhoto', { number: index + 1, count })}
              className="block overflow-hidden rounded-md border focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
            >
              <img
                src={photo.thumbUrl}
                alt={alt(index)}
                loading="lazy"
                className="size-24 object-cover"
                width={96}
                height={96}
              />
            </button>
          </li>
        ))}
      </ul>
      <Dialog open={shown !== undefined} onOpenChange={(next) => (next ? null : setOpen(null))}>
        {shown && open !== null ? (
          <DialogContent size="xl">
            <DialogTitle>{t('adminService.photoTitle', { number: open + 1, count })}</DialogTitle>
            <DialogDescription className="sr-only">{request.reference}</DialogDescription>
            <img
              src={shown.url}
              alt={alt(open)}
              width={shown.width}
              height={shown.height}
              className="h-auto max-h-[75dvh] w-full rounded-md object-contain"
            />
            <a
              href={shown.url}
              target="_blank"
              rel="noreferrer"
              className="text-sm text-primary underline-offset-4 hover:underline"
            >
              {t('adminService.openPhotoFull')}
            </a>
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
