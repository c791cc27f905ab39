import { type ChangeEvent, type ReactNode, useId, useState } from 'react';
import { Label } from '@/components/ui/label';
import { UploadRefusals } from '@/components/upload-refusals';
import { ApiError } from '@/lib/api-client';
import { checkImageFiles } from '@/lib/check-image-files';
import { useAdminT } from '@/lib/i18n/admin';
import { uploadVariants } from '@/lib/images';
import { useUploadImages } from '@/lib/upload-images';

/** The middle-sized variant of an uploaded picture, enough for a preview. */
export const previewOf = (url: string) => uploadVariants(url)?.[1]?.url ?? url;

/**
 * One picture of the site's settings (the hero picture, the logo, the share picture). A chosen
 * file is uploaded at once through the same endpoint and checks as every picture, so a refusal
 * names the file the same way; `onUploaded` puts it in the form, which shows it on the site once
 * saved. `children`: the preview and what can be done with the picture, when there is one.
 */
export function PictureUploadField({
  label,
  hint,
  onUploaded,
  children,
}: {
  label: string;
  hint: string;
  onUploaded: (url: string) => void;
  children?: ReactNode;
}) {
  const { t } = useAdminT();
  const inputId = useId();
  const hintId = useId();
  const refusedId = useId();
  const upload = useUploadImages();
  const [refusals, setRefusals] = useState<string[]>([]);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const { accepted, refusals: refused } = checkImageFiles(Array.from(event.target.files ?? []).slice(0, 1));
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    setRefusals(refused);
    const [file] = accepted;
    if (!file) return;
    try {
      const { imageUrls } = await upload.mutateAsync([file]);
      const [url] = imageUrls;
      if (url) onUploaded(url);
    } catch (error) {
      setRefusals([
        error instanceof ApiError && error.serverMessage
          ? error.serverMessage
          : t('adminSite.uploadFailed', { name: file.name }),
      ]);
    }
  };

  return (
    <div className="grid gap-3">
      <Label htmlFor={inputId}>{label}</Label>
      <input
        id={inputId}
        type="file"
        accept="image/*"
        disabled={upload.isPending}
        aria-describedby={refusals.length > 0 ? `${hintId} ${refusedId}` : hintId}
        onChange={(event) => void onChange(event)}
        className="block w-full rounded-md border border-input bg-background p-2 text-sm file:mr-3 file:rounded file:border-0 file:bg-muted file:px-3 file:py-1.5 file:text-sm file:font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50"
      />
      <p id={hintId} className="text-sm text-muted-foreground">
        {upload.isPending ? t('adminSite.uploading') : hint}
      </p>
      <UploadRefusals id={refusedId} refusals={refusals} />
      {children}
    </div>
  );
}
