import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { createToastStore, dismissToast, toast, toastReducer, type ToasterToast } from './use-toast';

const REMOVE_DELAY_MS = 1_000_000;

describe('toastReducer', () => {
  const open = (id: string): ToasterToast => ({ id, title: `Toast ${id}`, open: true });

  it('keeps only the newest toast when a second is added', () => {
    const state = toastReducer({ toasts: [open('1')] }, { type: 'ADD_TOAST', toast: open('2') });
    expect(state.toasts.map((t) => t.id)).toEqual(['2']);
  });

  it('updates only the matching toast', () => {
    const state = toastReducer({ toasts: [open('1')] }, { type: 'UPDATE_TOAST', toast: { id: '1', title: 'Changed' } });
    expect(state.toasts[0]?.title).toBe('Changed');
    const untouched = toastReducer({ toasts: [open('1')] }, { type: 'UPDATE_TOAST', toast: { id: '9', title: 'X' } });
    expect(untouched.toasts[0]?.title).toBe('Toast 1');
  });

  it('marks a dismissed toast closed without removing it', () => {
    const state = toastReducer({ toasts: [open('1')] }, { type: 'DISMISS_TOAST', toastId: '1' });
    expect(state.toasts).toHaveLength(1);
    expect(state.toasts[0]?.open).toBe(false);
  });

  it('removes all toasts when REMOVE has no id', () => {
    expect(toastReducer({ toasts: [open('1')] }, { type: 'REMOVE_TOAST' }).toasts).toEqual([]);
  });
});

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows at most one toast: a new one replaces the previous', () => {
    const store = createToastStore();
    store.toast({ title: 'First' });
    store.toast({ title: 'Second' });
    expect(store.getState().toasts.map((t) => t.title)).toEqual(['Second']);
  });

  it('removes a dismissed toast only after 1,000,000 ms', () => {
    const store = createToastStore();
    const handle = store.toast({ title: 'Saved' });
    handle.dismiss();
    expect(store.getState().toasts[0]).toMatchObject({ id: handle.id, open: false });

    vi.advanceTimersByTime(REMOVE_DELAY_MS - 1);
    expect(store.getState().toasts).toHaveLength(1);

    vi.advanceTimersByTime(1);
    expect(store.getState().toasts).toHaveLength(0);
  });

  it('closing through Radix (onOpenChange false) dismisses the toast', () => {
    const store = createToastStore();
    store.toast({ title: 'Hello' });
    store.getState().toasts[0]?.onOpenChange?.(false);
    expect(store.getState().toasts[0]?.open).toBe(false);
  });

  it('update() changes the shown toast', () => {
    const store = createToastStore();
    const handle = store.toast({ title: 'Uploading' });
    handle.update({ title: 'Uploaded', variant: 'destructive' });
    expect(store.getState().toasts[0]).toMatchObject({ title: 'Uploaded', variant: 'destructive' });
  });

  it('notifies subscribers on every change', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.toast({ title: 'A' });
    store.dismiss();
    unsubscribe();
    store.toast({ title: 'B' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('Toaster', () => {
  afterEach(() => {
    act(() => {
      dismissToast();
    });
  });

  it('renders the toast title and description, and a new toast replaces the old one', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Error', description: 'Please fill in all fields', variant: 'destructive' });
    });
    expect(await screen.findByText('Please fill in all fields')).toBeInTheDocument();

    act(() => {
      toast({ title: 'Success', description: 'Login successful! Welcome back.' });
    });
    expect(await screen.findByText('Login successful! Welcome back.')).toBeInTheDocument();
    expect(screen.queryByText('Please fill in all fields')).not.toBeInTheDocument();
  });

  it('closes the toast from its close button', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Toaster />);
    act(() => {
      toast({ title: 'Thank you for your inquiry!', description: 'We will get back to you soon.' });
    });
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByText('We will get back to you soon.')).not.toBeInTheDocument();
  });

  it('puts the F8 hotkey on the viewport label', () => {
    render(<Toaster />);
    expect(screen.getByRole('region', { name: /F8/ })).toBeInTheDocument();
  });
});
