import { useWatch, type UseFormReturn } from 'react-hook-form';
import { ImageOff } from 'lucide-react';
import type { CompanyFormValues, CompanyInput } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { PictureUploadField, previewOf } from './picture-upload-field';

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
 * The company's logo or share picture (decision 053), as the hero picture field: previewed once
 * uploaded, and shown on the site once the form is saved; one left unsaved, replaced or removed is
 * swept a day later.
 */
export function CompanyPictureField({ form, name }: { form: CompanyForm; name: 'logo' | 'sharePicture' }) {
  const texts = COMPANY_PICTURE_TEXTS[name];
  const picture = useWatch({ control: form.control, name });

  return (
    <PictureUploadField
      label={picture ? texts.replaceLabel : texts.label}
      hint={texts.hint}
      onUploaded={(url) => form.setValue(name, { url }, { shouldDirty: true })}
    >
      {picture ? (
        <div className="flex flex-wrap items-center gap-4 rounded-md border p-3">
          <img
            src={previewOf(picture.url)}
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
    </PictureUploadField>
  );
}
