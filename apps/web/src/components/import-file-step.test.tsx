import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportReportSummary } from './import-report';
import { ImportFileStep, type ImportFileStepProps, useRejectedRowsFile } from './import-file-step';

const csv = () => new File(['code,name\n'], 'parts.csv', { type: 'text/csv' });

function summary(overrides: Partial<ImportReportSummary> = {}): ImportReportSummary {
  return { create: 2, update: 1, unchanged: 0, invalidRows: 0, errors: [], errorCount: 0, changes: [], ...overrides };
}

const withErrors = (overrides: Partial<ImportReportSummary> = {}) =>
  summary({
    invalidRows: 1,
    errorCount: 1,
    errors: [{ line: 3, column: 'price', message: 'Price must be a number' }],
    ...overrides,
  });

function renderStep(props: Partial<ImportFileStepProps> = {}) {
  const all: ImportFileStepProps = {
    file: null,
    onFileChange: vi.fn(),
    preview: null,
    onPreview: vi.fn(),
    onImport: vi.fn(),
    previewing: false,
    importing: false,
    importStatus: null,
    result: null,
    rejected: null,
    ...props,
  };
  return { ...render(<ImportFileStep {...all} />), props: all };
}

afterEach(() => vi.unstubAllGlobals());

describe('ImportFileStep', () => {
  it('offers Preview once a file is chosen, and no import before a preview', async () => {
    const user = userEvent.setup({ delay: null });
    const { props, rerender } = renderStep();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();

    const file = csv();
    await user.upload(screen.getByLabelText('CSV or Excel (.xlsx) file'), file);
    expect(props.onFileChange).toHaveBeenCalledWith(file);
    rerender(<ImportFileStep {...props} file={file} />);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(props.onPreview).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });

  it('empties the file input when the screen lets go of the file', async () => {
    const user = userEvent.setup({ delay: null });
    const { props, rerender } = renderStep({ file: csv() });
    const input = screen.getByLabelText<HTMLInputElement>('CSV or Excel (.xlsx) file');
    await user.upload(input, csv());
    expect(input.files).toHaveLength(1);
    rerender(<ImportFileStep {...props} file={null} />);
    expect(input.files).toHaveLength(0);
  });

  it('imports a clean file whole, and offers nothing when it would change nothing or has only invalid rows', async () => {
    const user = userEvent.setup({ delay: null });
    const { props, rerender } = renderStep({ file: csv(), preview: summary() });
    await user.click(screen.getByRole('button', { name: 'Import 3 rows' }));
    expect(props.onImport).toHaveBeenCalledWith('apply');

    rerender(<ImportFileStep {...props} preview={summary({ create: 0, update: 0, unchanged: 3 })} />);
    expect(screen.getByRole('button', { name: 'Nothing to import' })).toBeDisabled();

    rerender(<ImportFileStep {...props} preview={withErrors({ create: 0, update: 0 })} />);
    expect(screen.getByRole('button', { name: 'Fix the file to import it' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /valid row/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/has problems/)).not.toBeInTheDocument();
  });

  it('offers the valid rows of a file with problems, and says the others are left out', async () => {
    const user = userEvent.setup({ delay: null });
    const { props } = renderStep({ file: csv(), preview: withErrors() });
    expect(screen.getByText(/^1 row has problems: fix the file and preview it again/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fix the file to import it' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import the 3 valid rows' }));
    expect(props.onImport).toHaveBeenCalledWith('valid-rows');
    expect(screen.getByRole('table', { name: 'Invalid cells' })).toBeInTheDocument();
  });

  it('says what the import is doing, then what it did, with the rejected rows to download', () => {
    const { props, rerender } = renderStep({
      file: csv(),
      preview: withErrors(),
      importing: true,
      importStatus: { text: 'Importing: 1 of 3 rows written', progress: { done: 1, total: 3 } },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Importing: 1 of 3 rows written');
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('value', '1');
    expect(screen.getByRole('button', { name: 'Import the 3 valid rows' })).toBeDisabled();

    rerender(
      <ImportFileStep
        {...props}
        preview={null}
        importing={false}
        result={{ fileName: 'parts.csv', counts: '2 created, 1 updated, 0 unchanged, 1 row left out.' }}
        rejected={{ url: 'blob:rejected', rows: 1, name: 'parts-rejected-rows.csv' }}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Imported “parts.csv”: 2 created, 1 updated, 0 unchanged, 1 row left out.',
    );
    const link = screen.getByRole('link', { name: 'Download the 1 rejected row with their errors (CSV)' });
    expect(link).toHaveAttribute('href', 'blob:rejected');
    expect(link).toHaveAttribute('download', 'parts-rejected-rows.csv');
  });
});

describe('useRejectedRowsFile', () => {
  it('names the file after the one imported and lets its URL go when replaced or cleared', () => {
    const createObjectURL = vi.fn().mockReturnValueOnce('blob:first').mockReturnValueOnce('blob:second');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const { result } = renderHook(() => useRejectedRowsFile());

    act(() => result.current.offer('"code","errors"\r\n', 2, 'Parts.XLSX'));
    expect(result.current.rejected).toEqual({ url: 'blob:first', rows: 2, name: 'Parts-rejected-rows.csv' });

    act(() => result.current.offer('"code","errors"\r\n', 1, 'prices.csv'));
    expect(result.current.rejected?.name).toBe('prices-rejected-rows.csv');
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:first');

    act(() => result.current.clear());
    expect(result.current.rejected).toBeNull();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:second');
  });
});
