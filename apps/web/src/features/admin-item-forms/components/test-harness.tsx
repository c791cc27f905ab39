import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { paths, routePatterns } from '@/config/paths';
import { onToastShown } from '@/hooks/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { ItemForm } from './item-form';
import { ServiceForm } from './service-form';

/** The forms on their real route patterns, with stand-ins for the screens they navigate to. */
export function renderForm(url: string) {
  const router = createMemoryRouter(
    [
      { path: routePatterns.admin.addProduct, element: <ItemForm kind="machine" /> },
      { path: routePatterns.admin.editProduct, element: <ItemForm kind="machine" /> },
      { path: routePatterns.admin.addSparePart, element: <ItemForm kind="sparePart" /> },
      { path: routePatterns.admin.editSparePart, element: <ItemForm kind="sparePart" /> },
      { path: routePatterns.admin.addService, element: <ServiceForm /> },
      { path: routePatterns.admin.editService, element: <ServiceForm /> },
      { path: paths.admin.products, element: <h1>Products list</h1> },
      { path: '/admin/products/:productId', element: <h1>Products list</h1> },
      { path: paths.admin.spareParts, element: <h1>Spare parts list</h1> },
    ],
    { initialEntries: [url] },
  );
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, user, queryClient };
}

/** jsdom has no object URLs; hand out predictable ones and record revocations. */
export function stubObjectUrls() {
  let count = 0;
  const create = vi.fn(() => {
    count += 1;
    return `blob:preview-${count}`;
  });
  const revoke = vi.fn();
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: create });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: revoke });
  return { create, revoke };
}

export function imageFiles(count: number, prefix = 'photo'): File[] {
  return Array.from(
    { length: count },
    (_, index) => new File([`${prefix}-${index + 1}`], `${prefix}-${index + 1}.png`, { type: 'image/png' }),
  );
}

/**
 * Records the description of every toast the form shows (the spec's alert texts are toasts,
 * decision 012), and stops the test if anything still calls the blocking `window.alert`.
 */
export function spyToasts() {
  const shown = vi.fn<(description: string) => void>();
  vi.spyOn(window, 'alert').mockImplementation((message) => {
    throw new Error(`window.alert(${String(message)}) blocks the page; show a toast instead`);
  });
  const stop = onToastShown((t) => shown(typeof t.description === 'string' ? t.description : String(t.title)));
  afterTestStops.push(stop);
  return shown;
}

const afterTestStops: (() => void)[] = [];
afterEach(() => {
  for (const stop of afterTestStops.splice(0)) stop();
});
