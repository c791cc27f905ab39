import { type ChangeEvent, useId, useState } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { ImageOff } from 'lucide-react';
import type { CompanyFormValues, CompanyInput } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { UploadRefusals } from '@/components/upload-refusals';
import { ApiError } from '@/lib/api-client';
import { checkImageFiles } from '@/lib/check-image-files';
import { uploadVariants } from '@/lib/images';
import { useUploadImages } from '@/lib/upload-images';

type CompanyForm = UseFormReturn<CompanyFormValues, unknown, CompanyInput>;

/** The visible texts of the two picture fields, in one place. */
export const COMPANY_PICTURE_TEXTS = {
  logo: {
    label: 'Logo (optional)',
    replaceLabel: 'Replace the logo',
    hint: 'Shown in the bar, the footer and as the browser tab’s icon. A square or wide logo on a transparent or white background works best; without one, the tab icon shows the company’s initials.',
    previewAlt: 'Preview of the logo',
    remove: 'Remove logo',
  },
  sharePicture: {
    label: 'Share picture (optional)',
    replaceLabel: 'Replace the share picture',
    hint: 'What a link to the site shows on WhatsApp, LinkedIn or Facebook, cropped to 1200 × 630. Without one, a picture is drawn from the company name and tagline.',
    previewAlt: 'Preview of the share picture',
    remove: 'Remove share picture',
  },
} as const;

/**
 * The company's logo or share picture (decision 053), as the hero picture field: a chosen file is
 * uploaded at once through the same endpoint and checks as every picture, previewed, and shown on
 * the site once the form is saved; one left unsaved, replaced or removed is swept a day later.
 */
export function CompanyPictureField({ form, name }: { form: CompanyForm; name: 'logo' | 'sharePicture' }) {
  const texts = COMPANY_PICTURE_TEXTS[name];
  const inputId = useId();
  const hintId = useId();
  const refusedId = useId();
  const upload = useUploadImages();
  const [refusals, setRefusals] = useState<string[]>([]);
  const picture = useWatch({ control: form.control, name });

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
      if (!url) return;
      form.setValue(name, { url }, { shouldDirty: true });
    } catch (error) {
      setRefusals([
        error instanceof ApiError && error.serverMessage ? error.serverMessage : `${file.name}: could not be uploaded`,
      ]);
    }
  };

  const preview = picture ? (uploadVariants(picture.url)?.[1]?.url ?? picture.url) : null;

  return (
    <div className="grid gap-3">
      <Label htmlFor={inputId}>{picture ? texts.replaceLabel : texts.label}</Label>
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
        {upload.isPending ? 'Uploading…' : texts.hint}
      </p>
      <UploadRefusals id={refusedId} refusals={refusals} />
      {picture && preview ? (
        <div className="flex flex-wrap items-center gap-4 rounded-md border p-3">
          <img
            src={preview}
            alt={texts.previewAlt}
            className={
              name === 'logo'
                ? 'h-20 w-auto max-w-60 rounded-md border bg-white object-contain p-1'
                : 'aspect-[1200/630] w-full max-w-72 rounded-md border bg-muted object-cover'
            }
          />
          <Button
            type="button"
            variant="outline"
            className="w-fit"
            onClick={() => form.setValue(name, null, { shouldDirty: true })}
          >
            <ImageOff aria-hidden="true" /> {texts.remove}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
