import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from './dialog';

function LoginLikeDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button>Admin Access</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Admin login</DialogTitle>
          <DialogDescription>Staff only.</DialogDescription>
        </DialogHeader>
      </DialogContent>
    </Dialog>
  );
}

describe('Dialog', () => {
  it('opens as a labelled modal dialog', async () => {
    const user = userEvent.setup({ delay: null });
    render(<LoginLikeDialog />);
    await user.click(screen.getByRole('button', { name: 'Admin Access' }));
    const dialog = screen.getByRole('dialog', { name: 'Admin login' });
    expect(dialog).toHaveAccessibleDescription('Staff only.');
  });

  it('closes from the screen-reader labelled close button', async () => {
    const user = userEvent.setup({ delay: null });
    render(<LoginLikeDialog />);
    await user.click(screen.getByRole('button', { name: 'Admin Access' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup({ delay: null });
    render(<LoginLikeDialog />);
    await user.click(screen.getByRole('button', { name: 'Admin Access' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
