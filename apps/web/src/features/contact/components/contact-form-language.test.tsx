import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Locale } from '@capstan/shared';
import { createQueryClient } from '@/lib/query-client';
import { inLocale } from '@/testing/locale';
import { server } from '@/testing/mocks/server';
import { ContactForm } from './contact-form';

function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

let bodies: unknown[] = [];
beforeEach(() => {
  bodies = [];
  server.use(
    http.get('/api/machine-categories', () => HttpResponse.json([])),
    http.post('/api/inquiries', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ id: 'i-1', reference: 'KPM-2026-00042', message: 'ok' }, { status: 201 });
    }),
  );
});

/** Fills the form by its fields' names (the labels are in the page's language) and sends it. */
async function send(locale: Locale) {
  const { container } = render(<ContactForm />, { wrapper: inLocale(locale, Providers) });
  const user = userEvent.setup({ delay: null });
  const typed = {
    firstName: 'Kavitha',
    lastName: 'Raman',
    email: 'kavitha@mills.example.in',
    phone: '+91 98430 55555',
    message: 'Please quote a CL-25 capstan lathe.',
  };
  for (const [name, value] of Object.entries(typed)) {
    await user.type(container.querySelector<HTMLElement>(`[name="${name}"]`)!, value);
  }
  await user.click(screen.getByRole('button'));
  await waitFor(() => expect(bodies).toHaveLength(1));
  return bodies[0];
}

describe('the contact form says which language the buyer wrote in', () => {
  it.each(['ta', 'hi', 'en'] as const)('sends locale %s from a page in that language', async (locale) => {
    expect(await send(locale)).toMatchObject({ firstName: 'Kavitha', locale });
  });

  it('carries the language in the server HTML, for the form posted without JavaScript', () => {
    const container = document.createElement('div');
    const Wrapper = inLocale('ta', Providers);
    container.innerHTML = renderToString(
      <Wrapper>
        <ContactForm />
      </Wrapper>,
    );
    const form = container.querySelector('form')!;
    expect(form.querySelector<HTMLInputElement>('input[type="hidden"][name="locale"]')?.value).toBe('ta');
    expect(new FormData(form).get('locale')).toBe('ta');
  });
});
