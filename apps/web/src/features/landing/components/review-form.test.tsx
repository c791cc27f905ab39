import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { inLocale } from '@/testing/locale';
import { server } from '@/testing/mocks/server';
import { ReviewForm } from './review-form';

const stars = () => screen.getAllByRole('radio');
const filled = (container: HTMLElement) => container.querySelectorAll('[data-filled="true"]').length;

describe('ReviewForm', () => {
  it('labels every field', () => {
    render(<ReviewForm />);
    expect(screen.getByRole('radiogroup', { name: 'Your rating' })).toBeInTheDocument();
    for (const label of ['Your experience', 'Name', 'Position', 'Company']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
  });

  it('selects a rating from the keyboard', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = render(<ReviewForm />);
    expect(filled(container)).toBe(0);

    await user.tab();
    expect(stars()[0]).toHaveFocus();
    await user.keyboard(' ');
    expect(stars()[0]).toBeChecked();
    expect(filled(container)).toBe(1);

    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(filled(container)).toBe(4);
  });

  it('highlights stars on hover without changing the selection', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = render(<ReviewForm />);
    await user.click(screen.getByRole('radio', { name: '2 stars' }));
    await user.hover(screen.getByRole('radio', { name: '5 stars' }).closest('label')!);
    expect(filled(container)).toBe(5);
    await user.unhover(screen.getByRole('radiogroup'));
    fireEvent.mouseLeave(screen.getByRole('radio', { name: '5 stars' }).closest('label')!.parentElement!);
    expect(filled(container)).toBe(2);
    expect(screen.getByRole('radio', { name: '2 stars' })).toBeChecked();
  });

  it('takes over a star chosen in the server form before the app started, and marks the stars as drawn', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<ReviewForm />);
    document.body.append(container);
    // Until the app draws them, CSS shows the chosen star from the radio buttons (index.css).
    expect(container.querySelector('.rating-stars')).not.toHaveAttribute('data-drawn');
    container.querySelector<HTMLInputElement>('input[name="rating"][value="4"]')!.checked = true;
    const root = await act(async () => hydrateRoot(container, <ReviewForm />));
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(filled(container)).toBe(4);
    expect(container.querySelector('.rating-stars')).toHaveAttribute('data-drawn', 'true');
    act(() => root.unmount());
    container.remove();
  });

  it('is a real form that posts to the server while the app is not running', () => {
    render(<ReviewForm />);
    const form = screen.getByRole('form', { name: 'Share your experience' });
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/review');
    expect(screen.getByRole('radio', { name: '4 stars' })).toHaveAttribute('name', 'rating');
    expect(screen.getByLabelText('Your experience')).toHaveAttribute('name', 'text');
    expect(screen.getByLabelText('Name')).toHaveAttribute('name', 'name');
    expect(screen.getByLabelText('Position')).toHaveAttribute('name', 'position');
    expect(screen.getByLabelText('Company')).toHaveAttribute('name', 'company');
  });

  it('carries the page’s language in the server HTML, so the form posted without JavaScript is answered in it', () => {
    for (const locale of ['ta', 'hi', 'en'] as const) {
      const container = document.createElement('div');
      const Wrapper = inLocale(locale);
      container.innerHTML = renderToString(
        <Wrapper>
          <ReviewForm />
        </Wrapper>,
      );
      const form = container.querySelector('form')!;
      expect(form.querySelector<HTMLInputElement>('input[type="hidden"][name="locale"]')?.value).toBe(locale);
      expect(new FormData(form).get('locale')).toBe(locale);
    }
  });

  it('sends the review and thanks the visitor, saying it appears after a check', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/reviews', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ id: 'r1', message: 'ok' }, { status: 201 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    render(<ReviewForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    // The first submit also loads the validation code: allow for a busy machine.
    const thanks = await screen.findByRole('heading', { name: 'Thank you for your review!' });
    await waitFor(() => expect(thanks).toHaveFocus());
    expect(screen.getByText('It will appear on our website after a quick check by our team.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        rating: 4,
        text: 'Reliable lathes and quick service visits.',
        name: 'Anand Krishnan',
        position: 'Plant Head',
        locale: 'en',
      },
    ]);
  });

  it('shows a message beside each field that is wrong and sends nothing', async () => {
    let requests = 0;
    server.use(
      http.post('/api/reviews', () => {
        requests += 1;
        return HttpResponse.json({ id: 'r1', message: 'ok' }, { status: 201 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    render(<ReviewForm />);
    await user.type(screen.getByLabelText('Your experience'), 'Too short');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByText('Please choose a rating from 1 to 5 stars')).toBeInTheDocument();
    expect(screen.getByRole('radiogroup')).toHaveAccessibleDescription('Please choose a rating from 1 to 5 stars');
    expect(screen.getByLabelText('Your experience')).toHaveAccessibleDescription('Please write at least 20 characters');
    expect(screen.getByLabelText('Your experience')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Please enter your name');
    expect(screen.getByLabelText('Position')).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByRole('radio')[0]).toHaveFocus();
    expect(screen.getByLabelText('Your experience')).toHaveValue('Too short');
    expect(requests).toBe(0);
  });

  it('tells a visitor over the limit in plain words and keeps what they typed', async () => {
    const message =
      'We have already received several reviews from your network in the last hour. Please try again in 42 minutes.';
    server.use(http.post('/api/reviews', () => HttpResponse.json({ message }, { status: 429 })));
    const user = userEvent.setup({ delay: null });
    render(<ReviewForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Name')).toHaveValue('Anand Krishnan');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Submit Review' })).toBeEnabled();
  });

  it('shows the server’s message for a field it refused, and a plain message when the network fails', async () => {
    server.use(
      http.post('/api/reviews', () =>
        HttpResponse.json(
          { message: 'Invalid request', issues: [{ path: ['name'], message: 'Name must be at most 100 characters' }] },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup({ delay: null });
    render(<ReviewForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name must be at most 100 characters'),
    );

    server.use(http.post('/api/reviews', () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your review could not be sent. Please check your connection and try again.',
    );
  });

  const LATHE = { id: '0b6f4b8e-8f5c-4d3a-9a51-3f0f4a1c2d01', name: 'Precision Capstan Lathe', code: 'NP-38' };
  const TURNING = { id: '0b6f4b8e-8f5c-4d3a-9a51-3f0f4a1c2d02', name: 'CNC Turning Centre TC-200', code: 'TC-200' };
  const FEEDER = { id: '0b6f4b8e-8f5c-4d3a-9a51-3f0f4a1c2d03', name: 'Bar Feeder', code: null };
  const MACHINES = [LATHE, TURNING, FEEDER];

  it('offers the machines to name in the server HTML, the company in general first, as a field of the plain form', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<ReviewForm machines={MACHINES} />);
    const select = container.querySelector<HTMLSelectElement>('select[name="itemId"]')!;
    expect(container.querySelector(`label[for="${select.id}"]`)).toHaveTextContent('Which machine is this about?');
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ['', 'Our company in general'],
      [LATHE.id, 'Precision Capstan Lathe (NP-38)'],
      // A name that already says its code is not repeated.
      [TURNING.id, 'CNC Turning Centre TC-200'],
      [FEEDER.id, 'Bar Feeder'],
    ]);
    expect(select.value).toBe('');
  });

  it('asks about no machine when the catalogue has none', () => {
    render(<ReviewForm machines={[]} />);
    expect(screen.queryByLabelText('Which machine is this about?')).not.toBeInTheDocument();
  });

  it('sends the chosen machine as itemId, and none for the company in general', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/reviews', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ id: 'r1', message: 'ok' }, { status: 201 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    const { unmount } = render(<ReviewForm machines={MACHINES} />);
    await fillIn(user);
    await user.selectOptions(screen.getByLabelText('Which machine is this about?'), 'Precision Capstan Lathe (NP-38)');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    await screen.findByRole('heading', { name: 'Thank you for your review!' });
    expect(sent[0]).toMatchObject({ rating: 4, itemId: LATHE.id });
    unmount();

    render(<ReviewForm machines={MACHINES} />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    await screen.findByRole('heading', { name: 'Thank you for your review!' });
    expect(sent[1]).not.toHaveProperty('itemId');
  });

  it('shows the server’s message beside the machine choice when it refuses the machine', async () => {
    server.use(
      http.post('/api/reviews', () =>
        HttpResponse.json(
          {
            message: 'Invalid input',
            issues: [{ path: ['itemId'], message: 'Please choose a machine from the list' }],
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup({ delay: null });
    render(<ReviewForm machines={MACHINES} />);
    await fillIn(user);
    await user.selectOptions(screen.getByLabelText('Which machine is this about?'), 'Bar Feeder');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    const choice = screen.getByLabelText('Which machine is this about?');
    await waitFor(() => expect(choice).toHaveAccessibleDescription('Please choose a machine from the list'));
    expect(choice).toHaveFocus();
    expect(choice).toHaveValue(FEEDER.id);
  });
});

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: '4 stars' }));
  await user.type(screen.getByLabelText('Your experience'), 'Reliable lathes and quick service visits.');
  await user.type(screen.getByLabelText('Name'), 'Anand Krishnan');
  await user.type(screen.getByLabelText('Position'), 'Plant Head');
}
