import {
  IMPORT_COLUMN_HELP,
  IMPORT_COLUMNS,
  IMPORT_FIELDS_BY_KIND,
  IMPORT_KIND_LABELS,
  type ImportKind,
  PLAIN_NUMBER_TAG,
  SPEC_UNITS,
} from '@capstan/shared';

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
              <code className="font-semibold">{IMPORT_COLUMNS[field]}</code>: {IMPORT_COLUMN_HELP[field]}
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
