import type { ReactNode } from 'react';
import {
  IMPORT_COLUMNS,
  IMPORT_FIELDS_BY_KIND,
  IMPORT_ITEM_KIND,
  type ImportKind,
  PLAIN_NUMBER_TAG,
  SPEC_UNITS,
  TRANSLATION_COLUMNS_BY_KIND,
} from '@capstan/shared';
import { useAdminT } from '@/lib/i18n/admin';
import { columnHelp, translationColumnHelp } from '../lib/column-help';

/**
 * A `<code>` for a message's tags. Each gets its own key: elements a message's tag makes are
 * otherwise reported by React as list children without keys.
 */
function codeTags(tag: string, className?: string) {
  let next = 0;
  return (chunks: ReactNode[]) => (
    <code key={`${tag}-${next++}`} className={className}>
      {chunks}
    </code>
  );
}

/** The file format, on the screen that reads it (decision 034). */
export function ColumnHelp({ kind }: { kind: ImportKind }) {
  const translator = useAdminT();
  const { t, rich } = translator;
  return (
    <details className="rounded-lg border bg-background p-4 text-sm">
      <summary className="cursor-pointer font-semibold">
        {t('adminImport.helpSummary', { kind: IMPORT_ITEM_KIND[kind] })}
      </summary>
      <div className="mt-3 flex flex-col gap-3">
        <p>{rich('adminImport.helpIntro', { code: codeTags('code') })}</p>
        <ul className="list-disc space-y-1 pl-5">
          {IMPORT_FIELDS_BY_KIND[kind].map((field) => (
            <li key={field}>
              <code className="font-semibold">{IMPORT_COLUMNS[field]}</code>: {columnHelp(translator, field)}
            </li>
          ))}
          {TRANSLATION_COLUMNS_BY_KIND[kind].map((column) => (
            <li key={column.column}>
              <code className="font-semibold">{column.column}</code>: {translationColumnHelp(translator, column)}
            </li>
          ))}
          <li>
            {rich('adminImport.helpSpecs', {
              column: codeTags('column', 'font-semibold'),
              code: codeTags('code'),
              tag: PLAIN_NUMBER_TAG,
            })}
          </li>
        </ul>
        <p className="text-muted-foreground">{t('adminImport.helpTranslatedSpecifications')}</p>
        <p className="text-muted-foreground">{t('adminImport.helpUnits', { units: SPEC_UNITS.join(', ') })}</p>
        <p className="text-muted-foreground">{rich('adminImport.helpPictures', { code: codeTags('code') })}</p>
      </div>
    </details>
  );
}
