import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { MAX_FEATURES } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useAdminT } from '@/lib/i18n/admin';

export interface FeatureRow {
  id: string;
  text: string;
}

let sequence = 0;

export function newFeatureRow(text = ''): FeatureRow {
  sequence += 1;
  return { id: `feature-${sequence}`, text };
}

/** The filled features in order; blank rows are the form's spare rows, not features. */
export const filledFeatures = (rows: readonly FeatureRow[]): string[] =>
  rows.map((row) => row.text.trim()).filter((text) => text !== '');

function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** The Key Features a machine's page lists: add, remove and reorder them. */
export function KeyFeaturesField({
  rows,
  onChange,
}: {
  rows: readonly FeatureRow[];
  onChange: (rows: FeatureRow[]) => void;
}) {
  const { t } = useAdminT();
  const update = (id: string, text: string) => onChange(rows.map((row) => (row.id === id ? { ...row, text } : row)));
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">{t('adminItemForms.keyFeatures')}</legend>
      <p className="text-sm text-muted-foreground">{t('adminItemForms.keyFeaturesHelp')}</p>
      {rows.length > 0 ? (
        <ol className="space-y-2">
          {rows.map((row, index) => (
            <li key={row.id} className="grid grid-cols-[1fr_auto_auto_auto] items-center gap-1">
              <Input
                aria-label={t('adminItemForms.keyFeature', { n: index + 1 })}
                placeholder={t('adminItemForms.keyFeaturePlaceholder')}
                value={row.text}
                maxLength={200}
                onChange={(e) => update(row.id, e.target.value)}
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('adminItemForms.moveKeyFeatureUp', { n: index + 1 })}
                disabled={index === 0}
                onClick={() => onChange(moved(rows, index, index - 1))}
              >
                <ArrowUp aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('adminItemForms.moveKeyFeatureDown', { n: index + 1 })}
                disabled={index === rows.length - 1}
                onClick={() => onChange(moved(rows, index, index + 1))}
              >
                <ArrowDown aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('adminItemForms.removeKeyFeature', { n: index + 1 })}
                onClick={() => onChange(rows.filter((other) => other.id !== row.id))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ol>
      ) : null}
      <Button
        variant="outline"
        disabled={rows.length >= MAX_FEATURES}
        onClick={() => onChange([...rows, newFeatureRow()])}
      >
        <Plus aria-hidden="true" />
        {t('adminItemForms.addKeyFeature')}
      </Button>
    </fieldset>
  );
}
