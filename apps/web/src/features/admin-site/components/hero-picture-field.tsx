import { type ChangeEvent, useId, useState } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { ImageOff } from 'lucide-react';
import type { LandingFormValues, LandingInput } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { checkImageFiles } from '@/lib/check-image-files';
import { uploadVariants } from '@/lib/images';
import { useUploadImages } from '@/lib/upload-images';
import { TextField } from './fields';
import { UploadRefusals } from '@/components/upload-refusals';

type LandingForm = UseFormReturn<LandingFormValues, unknown, LandingInput>;

/**
 * The hero's optional picture (issue 17 §1). A chosen file is uploaded at once through the same
 * endpoint and checks as the item forms (so a refusal names the file the same way) and previewed;
 * the landing page shows it only once the form is saved. An upload left unsaved, or a picture
 * replaced or removed, is swept a day later like any unclaimed upload.
 */
export function HeroPictureField({ form }: { form: LandingForm }) {
  const inputId = useId();
  const hintId = useId();
  const refusedId = useId();
  const upload = useUploadImages();
  const [refusals, setRefusals] = useState<string[]>([]);
  const picture = useWatch({ control: form.control, name: 'hero.picture' });

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
      form.setValue('hero.picture', { url, alt: picture?.alt ?? '' }, { shouldDirty: true });
    } catch (error) {
      setRefusals([
        error instanceof ApiError && error.serverMessage ? error.serverMessage : `${file.name}: could not be uploaded`,
      ]);
    }
  };

  const preview = picture ? (uploadVariants(picture.url)?.[1]?.url ?? picture.url) : null;

  return (
    <div className="grid gap-3">
      <Label htmlFor={inputId}>{picture ? 'Replace the hero picture' : 'Hero picture (optional)'}</Label>
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
        {upload.isPending
          ? 'Uploading…'
          : 'Shown beside the heading, cropped to 4:3. A landscape photo of at least 1600 px looks sharpest.'}
      </p>
      <UploadRefusals id={refusedId} refusals={refusals} />
      {picture && preview ? (
        <div className="grid gap-4 rounded-md border p-3 sm:grid-cols-[14rem_1fr]">
          <img
            src={preview}
            alt="Preview of the hero picture"
            className="aspect-[4/3] w-full rounded-md border bg-muted object-cover"
          />
          <div className="grid content-start gap-3">
            <TextField
              form={form}
              name="hero.picture.alt"
              label="Picture description"
              hint="What the picture shows, for visitors who cannot see it, e.g. ‘A CL-25 capstan lathe on the works floor’."
            />
            <Button
              type="button"
              variant="outline"
              className="w-fit"
              onClick={() => form.setValue('hero.picture', null, { shouldDirty: true })}
            >
              <ImageOff aria-hidden="true" /> Remove picture
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
