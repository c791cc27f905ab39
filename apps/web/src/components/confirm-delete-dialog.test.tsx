import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';

const texts = {
  title: "Delete 'CL-25 Capstan Lathe'?",
  description: 'It disappears from the catalogue and its images are removed. This cannot be undone.',
};

describe('ConfirmDeleteDialog', () => {
  it('asks in a labelled dialog that names what goes, and deletes only on Delete', async () => {
    const user = userEvent.setup({ delay: null });
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<ConfirmDeleteDialog open {...texts} pending={false} onConfirm={onConfirm} onClose={onClose} />);

    const dialog = screen.getByRole('dialog', { name: texts.title });
    expect(dialog).toHaveAccessibleDescription(texts.description);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes without deleting on Cancel, on Escape and on the close button', async () => {
    const user = userEvent.setup({ delay: null });
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<ConfirmDeleteDialog open {...texts} pending={false} onConfirm={onConfirm} onClose={onClose} />);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(3);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('while deleting, says so and cannot be closed, so the outcome is not hidden', async () => {
    const user = userEvent.setup({ delay: null });
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<ConfirmDeleteDialog open {...texts} pending onConfirm={onConfirm} onClose={onClose} />);

    const deleting = screen.getByRole('button', { name: 'Deleting...' });
    expect(deleting).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('with nothing that may be deleted, only explains, with an OK that closes', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    render(
      <ConfirmDeleteDialog
        open
        title="Delete category"
        description="Capstan lathes still has 3 machines. Move them to another category in their forms first."
        pending={false}
        onClose={onClose}
      />,
    );

    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('draws nothing while closed', () => {
    render(<ConfirmDeleteDialog open={false} {...texts} pending={false} onConfirm={vi.fn()} onClose={vi.fn()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
