import { Button } from '@/components/ui/button';
import { type BackOfficeKey, useAdminT } from '@/lib/i18n/admin';
import type { AdminProductType } from '../lib/product-types';

export const PRODUCT_TYPE_LABELS: Record<AdminProductType, BackOfficeKey> = {
  machine: 'adminCatalogue.machines',
  spare: 'adminCatalogue.spareParts',
  service: 'adminCatalogue.services',
};

const TYPES = Object.keys(PRODUCT_TYPE_LABELS) as AdminProductType[];

interface ProductTypeSwitchProps {
  value: AdminProductType;
  onChange: (type: AdminProductType) => void;
}

/** Which list the Featured table shows; toggle buttons, so each says whether it is on. */
export function ProductTypeSwitch({ value, onChange }: ProductTypeSwitchProps) {
  const { t } = useAdminT();
  return (
    <div
      role="group"
      aria-label={t('adminCatalogue.productType')}
      className="inline-flex flex-wrap gap-1 rounded-lg bg-muted p-1"
    >
      {TYPES.map((type) => (
        <Button
          key={type}
          size="sm"
          variant={type === value ? 'default' : 'ghost'}
          aria-pressed={type === value}
          onClick={() => onChange(type)}
        >
          {t(PRODUCT_TYPE_LABELS[type])}
        </Button>
      ))}
    </div>
  );
}
