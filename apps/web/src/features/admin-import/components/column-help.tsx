import {
  FITS_SEPARATOR,
  IMPORT_COLUMNS,
  IMPORT_FIELDS_BY_KIND,
  IMPORT_KIND_LABELS,
  type ImportField,
  type ImportKind,
  LEAD_TIME_MAX_WEEKS,
  PLAIN_NUMBER_TAG,
  SPEC_UNITS,
  WARRANTY_MAX_MONTHS,
} from '@capstan/shared';

const FIELD_HELP: Record<ImportField, string> = {
  id: 'the item’s id from an export; empty for a new item',
  code: 'part number or model code; a row whose code exists updates that item',
  name: 'required for a new item',
  description: 'required for a new item',
  category: 'a machine category’s name or slug (empty: uncategorised)',
  brand: 'optional',
  price: 'whole rupees (15,00,000 is read as 1500000); empty clears it',
  originalPrice: 'whole rupees, shown struck through; empty clears it',
  features: 'one key feature a line',
  fits: `machine codes the part fits, separated by "${FITS_SEPARATOR}"`,
  availability: 'in_stock or made_to_order; empty: the default set under Delivery and warranty',
  leadTimeWeeks: `weeks from order to dispatch, 6-8 or 6 (1 to ${LEAD_TIME_MAX_WEEKS}); needed with made_to_order, left empty otherwise`,
  warrantyMonths: `months, 0 (no warranty) to ${WARRANTY_MAX_MONTHS}; empty: the default set under Delivery and warranty`,
};

/** The file format, on the screen that reads it (decision 034). */
export function ColumnHelp({ kind }: { kind: ImportKind }) {
  return (
    <details className="rounded-lg border bg-background p-4 text-sm">
      <summary className="cursor-pointer font-semibold">Columns of a {IMPORT_KIND_LABELS[kind].many} file</summary>
      <div className="mt-3 flex flex-col gap-3">
        <p>
          The first row names the columns, in any order; a column left out keeps what the items have. Rows are matched
          by <code>id</code>, else by <code>code</code>; other rows are added.
        </p>
        <ul className="list-disc space-y-1 pl-5">
          {IMPORT_FIELDS_BY_KIND[kind].map((field) => (
            <li key={field}>
              <code className="font-semibold">{IMPORT_COLUMNS[field]}</code>: {FIELD_HELP[field]}
            </li>
          ))}
          <li>
            <code className="font-semibold">spec: Bar capacity [mm]</code>: one column per specification, the unit in
            brackets; its cells hold a number, with a remark in brackets if needed (<code>38</code>,{' '}
            <code>38 (max)</code>). <code>[{PLAIN_NUMBER_TAG}]</code> is a number without a unit;{' '}
            <code>spec: Coolant</code> without brackets holds text. An empty cell: the item has no such specification.
          </li>
        </ul>
        <p className="text-muted-foreground">Units: {SPEC_UNITS.join(', ')}.</p>
        <p className="text-muted-foreground">
          Pictures: a ZIP of images named by code, <code>NP38-COL-25.jpg</code> for the first picture,{' '}
          <code>NP38-COL-25-2.jpg</code> for the second. They replace the pictures of the items they name.
        </p>
      </div>
    </details>
  );
}
