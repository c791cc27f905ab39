import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/testing/mocks/server';
import { Toaster } from '@/components/ui/toaster';
import { partRequestLink, quoteLink, quoteLinkForItems } from '@/lib/quote-link';
import { createQueryClient } from '@/lib/query-client';
import { ContactSection } from './contact-section';

// Only what the section needs (query client, router, toaster), so other features' routes stay out of it.
async function renderWithProviders(ui: ReactElement, { url = '/' }: { url?: string } = {}) {
  const result = render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  // The form is a lazily loaded part of the section.
  await screen.findByRole('button', { name: /Send/ });
  return result;
}

const field = (name: RegExp | string) => screen.getByLabelText(name);

const CATEGORIES = [
  { slug: 'capstan-lathe', name: 'Capstan lathe', machineCount: 2 },
  { slug: 'cnc-lathe', name: 'CNC lathe / turning centre', machineCount: 1 },
];
// The Service list names the catalogue's machine categories.
beforeEach(() => server.use(http.get('/api/machine-categories', () => HttpResponse.json(CATEGORIES))));

const serviceOptions = () =>
  within(field(/Service/))
    .getAllByRole('option')
    .map((o) => [(o as HTMLOptionElement).value, o.textContent]);

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(/First name/), 'Priya');
  await user.type(field(/Last name/), 'Raman');
  await user.type(field(/Email/), 'priya@example.in');
  await user.type(field(/Phone/), '+91 98765 43210');
  await user.selectOptions(field(/Service/), 'maintenance');
  await user.type(field(/Message/), 'Need an AMC for two capstan lathes.');
}

const submit = () => screen.getByRole('button', { name: /Send Message|Sending/ });

function toastRegion() {
  return screen.getByRole('region', { name: /Notifications/ });
}

describe('ContactSection', () => {
  it('shows the address, phones, email and business hours', async () => {
    await renderWithProviders(<ContactSection />);
    const section = document.getElementById('contact')!;
    expect(section.tagName).toBe('SECTION');
    // The company's facts come with the site settings, which may arrive after the form.
    expect(await within(section).findByText(/Coimbatore, Tamil Nadu/)).toBeInTheDocument();
    expect(within(section).getByText('India')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: '+91 98430 12345' })).toHaveAttribute('href', 'tel:+919843012345');
    expect(within(section).getByRole('link', { name: '+91 422 257 1234' })).toHaveAttribute(
      'href',
      'tel:+914222571234',
    );
    expect(within(section).getByRole('link', { name: 'sales@kovaiprecision.in' })).toHaveAttribute(
      'href',
      'mailto:sales@kovaiprecision.in',
    );
    expect(within(section).getByText('Monday to Saturday 9:00 AM to 8:00 PM')).toBeInTheDocument();
    expect(within(section).getByText('Sunday 10:00 AM to 6:00 PM')).toBeInTheDocument();
  });

  it('has the spec fields, types, required rules and service options', async () => {
    await renderWithProviders(<ContactSection />);
    for (const name of [/First name/, /Last name/, /Email/, /Phone/, /Message/]) expect(field(name)).toBeRequired();
    expect(field(/Email/)).toHaveAttribute('type', 'email');
    expect(field(/Phone/)).toHaveAttribute('type', 'tel');
    expect(field(/Service/)).not.toBeRequired();
    // The machine categories in staff's order, then the fixed options.
    await waitFor(() =>
      expect(serviceOptions()).toEqual([
        ['', 'Select a service'],
        ['capstan-lathe', 'Capstan lathe'],
        ['cnc-lathe', 'CNC lathe / turning centre'],
        ['machine', 'Other machines'],
        ['spare-parts', 'Spare parts'],
        ['services', 'Engineering services'],
        ['maintenance', 'Maintenance & AMC'],
        ['general', 'General Inquiry'],
      ]),
    );
  });

  it('follows the categories staff keep: a new one is listed, a removed one is not', async () => {
    server.use(
      http.get('/api/machine-categories', () =>
        HttpResponse.json([{ slug: 'turret-lathe', name: 'Turret lathe', machineCount: 3 }]),
      ),
    );
    await renderWithProviders(<ContactSection />);
    await waitFor(() => expect(serviceOptions()[1]).toEqual(['turret-lathe', 'Turret lathe']));
    expect(serviceOptions().map(([value]) => value)).not.toContain('capstan-lathe');
  });

  it("preselects a CNC machine's own category from its quote link, once the categories are known", async () => {
    await renderWithProviders(<ContactSection />, {
      url: quoteLink('machine', 'KPM CNC-200 Turning Centre', 'cnc-lathe').replace('#contact', ''),
    });
    await waitFor(() => expect(field(/Service/)).toHaveValue('cnc-lathe'));
    expect(field(/Message/)).toHaveValue('I would like a quote for KPM CNC-200 Turning Centre.');
  });

  it('does not preselect a service the list does not offer', async () => {
    await renderWithProviders(<ContactSection />, { url: '/?service=no-such-thing&product=Widget' });
    await waitFor(() => expect(serviceOptions()).toHaveLength(8));
    expect(field(/Service/)).toHaveValue('');
  });

  it('is a real POST form the server answers without the app, the quoted item included', async () => {
    await renderWithProviders(<ContactSection />, {
      url: '/?service=capstan-lathe&product=KPM%20CL-25%20Capstan%20Lathe',
    });
    const form = screen.getByRole('form', { name: 'Contact form' });
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/contact');
    const names = [...(form as HTMLFormElement).elements]
      .map((element) => element.getAttribute('name'))
      .filter(Boolean);
    expect(names).toEqual(['firstName', 'lastName', 'email', 'phone', 'service', 'message', 'product', 'locale']);
    expect(new FormData(form as HTMLFormElement).get('locale')).toBe('en');
    expect(new FormData(form as HTMLFormElement).get('product')).toBe('KPM CL-25 Capstan Lathe');
  });

  it('posts the inquiry, thanks the visitor and clears the form', async () => {
    const bodies: unknown[] = [];
    // The server answers only when the test says so, so the sending state is observed for certain.
    let respond!: () => void;
    const responded = new Promise<void>((resolve) => (respond = resolve));
    server.use(
      http.post('/api/inquiries', async ({ request }) => {
        bodies.push(await request.json());
        await responded;
        return HttpResponse.json(
          { id: 'inq-1', reference: 'KPM-2026-00042', message: 'Inquiry received' },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup({ delay: null });
    await renderWithProviders(<ContactSection />);
    await fillForm(user);
    await user.click(submit());

    expect(await screen.findByRole('button', { name: /Sending\.\.\./ })).toBeDisabled();
    await waitFor(() => expect(bodies).toHaveLength(1));
    // A second click while sending does nothing.
    await user.click(submit());
    respond();

    expect(await within(toastRegion()).findByText('Thank you for your inquiry!')).toBeInTheDocument();
    expect(
      within(toastRegion()).getByText('Your reference number is KPM-2026-00042. We will get back to you soon.'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        firstName: 'Priya',
        lastName: 'Raman',
        email: 'priya@example.in',
        phone: '+91 98765 43210',
        service: 'maintenance',
        message: 'Need an AMC for two capstan lathes.',
        locale: 'en',
      },
    ]);
    // The toast goes; the reference stays where the form was, until the visitor moves on.
    const heading = screen.getByRole('heading', { name: 'Thank you for your inquiry!' });
    expect(heading).toHaveFocus();
    const thanks = heading.closest<HTMLElement>('[role="status"]')!;
    expect(thanks).toHaveTextContent('We will get back to you soon.');
    expect(thanks).toHaveTextContent(
      'Your reference number is KPM-2026-00042. Please quote it when you call or write to us.',
    );
    expect(screen.queryByRole('form', { name: 'Contact form' })).not.toBeInTheDocument();

    await user.click(within(thanks).getByRole('button', { name: 'Send another request' }));
    expect(screen.queryByRole('heading', { name: 'Thank you for your inquiry!' })).not.toBeInTheDocument();
    for (const name of [/First name/, /Last name/, /Email/, /Phone/, /Service/, /Message/]) {
      expect(field(name)).toHaveValue('');
    }
    expect(field(/First name/)).toHaveFocus();
    expect(submit()).toHaveTextContent('Send Message');
    expect(submit()).toBeEnabled();
  });

  it('omits an unchosen service from the request', async () => {
    let body: unknown;
    server.use(
      http.post('/api/inquiries', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 'inq-2', reference: 'KPM-2026-00043', message: 'ok' }, { status: 201 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    await renderWithProviders(<ContactSection />);
    await fillForm(user);
    await user.selectOptions(field(/Service/), '');
    await user.click(submit());
    await within(toastRegion()).findByText('Thank you for your inquiry!');
    expect(body).not.toHaveProperty('service');
  });

  it('keeps everything typed and shows the server message when the server rejects it', async () => {
    server.use(
      http.post('/api/inquiries', () =>
        HttpResponse.json({ message: 'Too many inquiries. Please try again later.' }, { status: 429 }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    await renderWithProviders(<ContactSection />);
    await fillForm(user);
    await user.click(submit());

    expect(await within(toastRegion()).findByText('Too many inquiries. Please try again later.')).toBeInTheDocument();
    expect(within(toastRegion()).queryByText('Thank you for your inquiry!')).not.toBeInTheDocument();
    expect(field(/First name/)).toHaveValue('Priya');
    expect(field(/Email/)).toHaveValue('priya@example.in');
    expect(field(/Service/)).toHaveValue('maintenance');
    expect(field(/Message/)).toHaveValue('Need an AMC for two capstan lathes.');
    expect(submit()).toBeEnabled();
  });

  it('shows a 400 validation message from the server', async () => {
    server.use(
      http.post('/api/inquiries', () =>
        HttpResponse.json({ message: 'Validation failed', issues: [{ path: ['email'] }] }, { status: 400 }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    await renderWithProviders(<ContactSection />);
    await fillForm(user);
    await user.click(submit());
    expect(await within(toastRegion()).findByText('Validation failed')).toBeInTheDocument();
    expect(field(/Last name/)).toHaveValue('Raman');
  });

  it('tells the visitor about a network failure and keeps the text', async () => {
    server.use(http.post('/api/inquiries', () => HttpResponse.error()));
    const user = userEvent.setup({ delay: null });
    await renderWithProviders(<ContactSection />);
    await fillForm(user);
    await user.click(submit());
    expect(await within(toastRegion()).findByText('Network error. Please try again.')).toBeInTheDocument();
    expect(field(/Phone/)).toHaveValue('+91 98765 43210');
    expect(field(/Message/)).toHaveValue('Need an AMC for two capstan lathes.');
  });

  it('shows field errors from the shared schema without calling the server', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWithProviders(<ContactSection />);
    await fillForm(user);
    await user.clear(field(/Phone/));
    await user.type(field(/Phone/), 'call me');
    await user.click(submit());
    const phone = field(/Phone/);
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(phone).toHaveAccessibleDescription('Enter a valid phone number');
    // onUnhandledRequest 'error' would fail the test had a request been made.
  });

  it('preselects the service and names the product from the URL', async () => {
    await renderWithProviders(<ContactSection />, {
      url: '/?service=capstan-lathe&product=KPM%20CL-25%20Capstan%20Lathe',
    });
    await waitFor(() => expect(field(/Service/)).toHaveValue('capstan-lathe'));
    expect(field(/Message/)).toHaveValue('I would like a quote for KPM CL-25 Capstan Lathe.');
  });

  it('sends the product named by a Request Quote link with the inquiry', async () => {
    const user = userEvent.setup({ delay: null });
    let body: unknown;
    server.use(
      http.post('/api/inquiries', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 'i-2', message: 'ok' }, { status: 201 });
      }),
    );
    await renderWithProviders(<ContactSection />, {
      url: '/?service=capstan-lathe&product=KPM%20CL-25%20Capstan%20Lathe',
    });
    await waitFor(() => expect(field(/Service/)).toHaveValue('capstan-lathe'));
    await user.type(field(/First name/), 'Priya');
    await user.type(field(/Last name/), 'Raman');
    await user.type(field(/Email/), 'priya@example.in');
    await user.type(field(/Phone/), '+91 98765 43210');
    await user.click(submit());
    await waitFor(() => expect(body).toBeDefined());
    expect(body).toMatchObject({
      service: 'capstan-lathe',
      product: 'KPM CL-25 Capstan Lathe',
      message: 'I would like a quote for KPM CL-25 Capstan Lathe.',
    });
  });

  it('names every item of a quote for several favourites', async () => {
    await renderWithProviders(<ContactSection />, {
      url: quoteLinkForItems([
        { kind: 'machine', name: 'NP-38 Capstan Lathe' },
        { kind: 'spare', name: 'Spring Collet 25 mm' },
      ]).replace('#contact', ''),
    });
    expect(field(/Service/)).toHaveValue('general');
    expect(field(/Message/)).toHaveValue(
      'I would like a quote for these items:\n- NP-38 Capstan Lathe\n- Spring Collet 25 mm',
    );
    const form = screen.getByRole('form', { name: 'Contact form' });
    expect(new FormData(form as HTMLFormElement).get('product')).toBe('NP-38 Capstan Lathe; Spring Collet 25 mm');
  });

  it('asks for a part the catalogue did not list, for the machine it was filtered by', async () => {
    await renderWithProviders(<ContactSection />, {
      url: partRequestLink('colet 25', 'NP-38').replace('#contact', ''),
    });
    expect(field(/Message/)).toHaveValue(
      'I am looking for a spare part that is not listed in your catalogue: "colet 25" for my NP-38. Please let me know if you can supply it.',
    );
  });

  it('ignores an unknown service in the URL', async () => {
    await renderWithProviders(<ContactSection />, { url: '/?service=teleportation' });
    expect(field(/Service/)).toHaveValue('');
    expect(field(/Message/)).toHaveValue('');
  });
});
