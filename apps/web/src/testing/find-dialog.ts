import { screen, waitFor, type ByRoleOptions } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Finds an open modal dialog once it takes pointer input. Radix sets `pointer-events: none` on
 * <body> in an effect and marks the dialog `auto` only on the render that effect schedules. A
 * dialog that opened outside act() (a lazily loaded chunk, an answer from the mocked server) can be
 * found between the two, and a click or a typed word then lands on an element that refuses the
 * pointer: it failed that way on a busy CI machine.
 */
export async function findModalDialog(name?: ByRoleOptions['name']): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', name === undefined ? {} : { name });
  await waitFor(() => expect(dialog.style.pointerEvents).toBe('auto'));
  return dialog;
}
