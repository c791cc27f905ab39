import { useWatch, type UseFormReturn } from 'react-hook-form';
import { ImageOff } from 'lucide-react';
import type { CompanyFormValues, CompanyInput } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { type BackOfficeKey, useAdminT } from '@/lib/i18n/admin';
import { PictureUploadField, previewOf } from './picture-upload-field';

type CompanyForm = UseFormReturn<CompanyFormValues, unknown, CompanyInput>;

type PictureTexts = Record<'label' | 'replaceLabel' | 'hint' | 'previewAlt' | 'remove', BackOfficeKey>;

/** The message keys of the two picture fields' visible texts, in one place. */
const COMPANY_PICTURE_TEXTS: Record<'logo' | 'sharePicture', PictureTexts> = {
  logo: {
    label: 'adminSite.logoLabel',
    replaceLabel: 'adminSite.logoReplace',
    hint: 'adminSite.logoHint',
    previewAlt: 'adminSite.logoPreview',
    remove: 'adminSite.logoRemove',
  },
  sharePicture: {
    label: 'adminSite.shareLabel',
    replaceLabel: 'adminSite.shareReplace',
    hint: 'adminSite.shareHint',
    previewAlt: 'adminSite.sharePreview',
    remove: 'adminSite.shareRemove',
  },
};

/**
 * The company's logo or share picture (decision 053), as the hero picture field: previewed once
 * uploaded, and shown on the site once the form is saved; one left unsaved, replaced or removed is
 * swept a day later.
 */
export function CompanyPictureField({ form, name }: { form: CompanyForm; name: 'logo' | 'sharePicture' }) {
  const { t } = useAdminT();
  const texts = COMPANY_PICTURE_TEXTS[name];
  const picture = useWatch({ control: form.control, name });

  return (
    <PictureUploadField
      label={t(picture ? texts.replaceLabel : texts.label)}
      hint={t(texts.hint)}
      onUploaded={(url) => form.setValue(name, { url }, { shouldDirty: true })}
    >
      {picture ? (
        <div className="flex flex-wrap items-center gap-4 rounded-md border p-3">
          <img
            src={previewOf(picture.url)}
            alt={t(texts.previewAlt)}
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
            <ImageOff aria-hidden="true" /> {t(texts.remove)}
          </Button>
        </div>
      ) : null}
    </PictureUploadField>
  );
}
