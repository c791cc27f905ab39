import { useId, useState, type ChangeEvent } from 'react';
import { X } from 'lucide-react';
import { MAX_IMAGES_PER_ITEM } from '@capstan/shared';
import { Label } from '@/components/ui/label';
import { checkImageFiles } from '@/lib/check-image-files';
import { useAdminT } from '@/lib/i18n/admin';
import type { ImageSelection } from '../lib/use-image-selection';
import { UploadRefusals } from '@/components/upload-refusals';

interface ImageFieldProps {
  selection: ImageSelection;
  /** Called when a chosen batch would pass the limit (alert or toast, per form). */
  onLimitExceeded: () => void;
  disabled?: boolean;
}

export function ImageField({ selection, onLimitExceeded, disabled = false }: ImageFieldProps) {
  const { t } = useAdminT();
  const inputId = useId();
  const hintId = useId();
  const refusedId = useId();
  // Files of the last choice that will not be uploaded, each named with the reason.
  const [refusals, setRefusals] = useState<string[]>([]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const { accepted, refusals: refused } = checkImageFiles(Array.from(event.target.files ?? []));
    // Clear the input so choosing the same file again still fires a change.
    event.target.value = '';
    setRefusals(refused);
    if (!selection.addFiles(accepted)) onLimitExceeded();
  };

  return (
    <div className="space-y-3">
      <Label htmlFor={inputId}>{t('adminItemForms.images')}</Label>
      <input
        id={inputId}
        type="file"
        accept="image/*"
        multiple
        disabled={disabled || selection.isFull}
        aria-describedby={refusals.length > 0 ? `${hintId} ${refusedId}` : hintId}
        onChange={onChange}
        className="block w-full rounded-md border border-input bg-background p-2 text-sm file:mr-3 file:rounded file:border-0 file:bg-muted file:px-3 file:py-1.5 file:text-sm file:font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50"
      />
      <p id={hintId} className="text-sm text-muted-foreground">
        {t(selection.isFull ? 'adminItemForms.imageCountFull' : 'adminItemForms.imageCount', {
          total: selection.total,
          max: MAX_IMAGES_PER_ITEM,
        })}
      </p>
      <UploadRefusals id={refusedId} refusals={refusals} />
      {selection.total > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t('adminItemForms.selectedImages')}>
          {selection.existing.map((url, index) => (
            <Preview
              key={url}
              src={url}
              alt={t('adminItemForms.currentImage', { n: index + 1 })}
              removeLabel={t('adminItemForms.removeCurrentImage', { n: index + 1 })}
              onRemove={() => selection.removeExisting(url)}
              disabled={disabled}
            />
          ))}
          {selection.added.map((image) => (
            <Preview
              key={image.id}
              src={image.previewUrl}
              alt={t('adminItemForms.newImage', { name: image.file.name })}
              // Named in lower case, as the button always said.
              removeLabel={t('adminItemForms.removeNewImage', { name: image.file.name.toLowerCase() })}
              onRemove={() => selection.removeAdded(image.id)}
              disabled={disabled}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Preview({
  src,
  alt,
  removeLabel,
  onRemove,
  disabled,
}: {
  src: string;
  alt: string;
  removeLabel: string;
  onRemove: () => void;
  disabled: boolean;
}) {
  return (
    <li className="relative overflow-hidden rounded-md border bg-muted">
      <img src={src} alt={alt} className="aspect-square w-full object-cover" />
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={removeLabel}
        className="absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-full bg-background/90 text-foreground shadow focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
}
