import { useWatch, type UseFormReturn } from 'react-hook-form';
import { ImageOff } from 'lucide-react';
import type { LandingFormValues, LandingInput } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { useAdminT } from '@/lib/i18n/admin';
import { TextField } from './fields';
import { PictureUploadField, previewOf } from './picture-upload-field';

type LandingForm = UseFormReturn<LandingFormValues, unknown, LandingInput>;

/**
 * The hero's optional picture (decision 026), previewed once uploaded; the landing page shows it
 * only once the form is saved. An upload left unsaved, or a picture replaced or removed, is swept
 * a day later like any unclaimed upload.
 */
export function HeroPictureField({ form }: { form: LandingForm }) {
  const { t } = useAdminT();
  const picture = useWatch({ control: form.control, name: 'hero.picture' });

  return (
    <PictureUploadField
      label={picture ? t('adminSite.heroPictureReplace') : t('adminSite.heroPictureLabel')}
      hint={t('adminSite.heroPictureHint')}
      onUploaded={(url) =>
        // The description typed meanwhile stays with the new picture.
        form.setValue('hero.picture', { url, alt: form.getValues('hero.picture')?.alt ?? '' }, { shouldDirty: true })
      }
    >
      {picture ? (
        <div className="grid gap-4 rounded-md border p-3 sm:grid-cols-[14rem_1fr]">
          <img
            src={previewOf(picture.url)}
            alt={t('adminSite.heroPicturePreview')}
            className="aspect-[4/3] w-full rounded-md border bg-muted object-cover"
          />
          <div className="grid content-start gap-3">
            <TextField
              form={form}
              name="hero.picture.alt"
              label={t('adminSite.pictureDescription')}
              hint={t('adminSite.pictureDescriptionHint')}
            />
            <Button
              type="button"
              variant="outline"
              className="w-fit"
              onClick={() => form.setValue('hero.picture', null, { shouldDirty: true })}
            >
              <ImageOff aria-hidden="true" /> {t('adminSite.removePicture')}
            </Button>
          </div>
        </div>
      ) : null}
    </PictureUploadField>
  );
}
