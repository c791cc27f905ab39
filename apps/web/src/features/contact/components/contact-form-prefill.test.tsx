import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Link, MemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '@/testing/mocks/server';
import { createQueryClient } from '@/lib/query-client';
import { machineCategoriesQuery } from '@/lib/machine-categories';
import { ContactForm } from './contact-form';

const QUOTE_URL = '/?service=capstan-lathe&product=KPM%20CL-25%20Capstan%20Lathe';
const PREFILL = 'I would like a quote for KPM CL-25 Capstan Lathe.';

/** As the server renders `/`: with the machine categories its Service list names (prefetch-page). */
function withCategories() {
  const client = createQueryClient();
  client.setQueryData(machineCategoriesQuery.queryKey, [
    { slug: 'capstan-lathe', name: 'Capstan lathe', machineCount: 2 },
    { slug: 'cnc-lathe', name: 'CNC lathe / turning centre', machineCount: 1 },
  ]);
  return client;
}

function page(url: string): ReactElement {
  return (
    <QueryClientProvider client={withCategories()}>
      <MemoryRouter initialEntries={[url]}>
        <ContactForm />
        <Link to="/?service=general&product=Spring%20Collet">Another quote</Link>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

let roots: Root[] = [];
afterEach(() => {
  for (const root of roots) act(() => root.unmount());
  roots = [];
  document.body.innerHTML = '';
  cleanup();
});

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

/** The server's HTML, typed into as a visitor does before the app starts, then hydrated (decision 009). */
async function hydrateAfterTyping(url: string, typed: Record<string, string>) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page(url));
  document.body.append(container);
  for (const [name, value] of Object.entries(typed)) {
    const element = container.querySelector<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
      `[name="${name}"]`,
    )!;
    element.value = value;
  }
  await act(async () => {
    roots.push(hydrateRoot(container, page(url)));
  });
  return container;
}

describe('the contact form prefill', () => {
  it('preselects the service in the server HTML, so the form without JavaScript shows it', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(QUOTE_URL));
    expect(container.querySelector('select')?.value).toBe('capstan-lathe');
    const cnc = document.createElement('div');
    cnc.innerHTML = renderToString(page('/?service=cnc-lathe&product=KPM%20CNC-200'));
    expect(cnc.querySelector('select')?.value).toBe('cnc-lathe');
    expect(cnc.querySelector('option[selected]')?.textContent).toBe('CNC lathe / turning centre');
    expect(container.querySelector<HTMLInputElement>('input[name="product"]')?.value).toBe('KPM CL-25 Capstan Lathe');
  });

  it('never replaces what the visitor typed before the app started, and that is what is sent', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/inquiries', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ id: 'i-1', reference: 'KPM-2026-00007', message: 'ok' }, { status: 201 });
      }),
    );
    await hydrateAfterTyping(QUOTE_URL, {
      firstName: 'Priya',
      message: 'Please quote two CL-25 with bar feeders, delivered to Pune.',
      service: 'general',
    });
    // The app has the form now; the visitor's words and choice are still there.
    expect(field(/Message/)).toHaveValue('Please quote two CL-25 with bar feeders, delivered to Pune.');
    expect(field(/First name/)).toHaveValue('Priya');
    expect(field(/Service/)).toHaveValue('general');

    const user = userEvent.setup({ delay: null });
    await user.type(field(/Last name/), 'Raman');
    await user.type(field(/Email/), 'priya@example.in');
    await user.type(field(/Phone/), '+91 98765 43210');
    await user.click(screen.getByRole('button', { name: /Send Message/ }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      firstName: 'Priya',
      service: 'general',
      message: 'Please quote two CL-25 with bar feeders, delivered to Pune.',
      product: 'KPM CL-25 Capstan Lathe',
    });
  });

  it('keeps the prefill when nothing was typed', async () => {
    await hydrateAfterTyping(QUOTE_URL, {});
    expect(field(/Message/)).toHaveValue(PREFILL);
  });

  it('a later Request Quote on the same page fills an untouched message but never replaces a typed one', async () => {
    const user = userEvent.setup({ delay: null });
    const first = render(page(QUOTE_URL));
    expect(field(/Message/)).toHaveValue(PREFILL);
    await user.click(screen.getByRole('link', { name: 'Another quote' }));
    expect(field(/Message/)).toHaveValue('I would like a quote for Spring Collet.');
    first.unmount();

    render(page(QUOTE_URL));
    await user.clear(field(/Message/));
    await user.type(field(/Message/), 'My own words');
    await user.click(screen.getByRole('link', { name: 'Another quote' }));
    expect(field(/Message/)).toHaveValue('My own words');
  });
});
