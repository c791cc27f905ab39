import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_SITE_CHAT_URL,
  CHAT_TOPICS,
  type ChatContent,
  type ChatInput,
  DEFAULT_CHAT,
  SITE_CHAT_URL,
  SITE_STALE_EDIT_MESSAGE,
} from '@capstan/shared';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { ChatSettingsScreen } from './chat-settings-screen';

const V1 = '2026-11-24T10:00:00.000Z';
const V2 = '2026-11-24T10:05:00.000Z';

/** GET /api/admin/site/chat and PUT /api/site/chat, recording what was sent. */
function chatSettingsApi({ respond }: { respond?: () => Response } = {}) {
  const sent: ChatInput[] = [];
  let current: ChatContent = structuredClone({ ...DEFAULT_CHAT, updatedAt: V1 });
  server.use(
    http.get(ADMIN_SITE_CHAT_URL, () => HttpResponse.json(current)),
    http.put(SITE_CHAT_URL, async ({ request }) => {
      const body = (await request.json()) as ChatInput;
      sent.push(body);
      if (respond) return respond();
      current = { ...(body as ChatContent), updatedAt: V2 };
      return HttpResponse.json(current);
    }),
  );
  return { sent, setCurrent: (next: ChatContent) => (current = next) };
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

/** A language's texts as the form sends them when none is entered: '' is "show the English". */
const untranslated = () => ({
  greeting: '',
  answers: Object.fromEntries(CHAT_TOPICS.map((topic) => [topic, ''])),
  fallback: '',
});

describe('Site → Chat', () => {
  it('shows the seeded answers, changes one and writes back everything else as it was', async () => {
    const api = chatSettingsApi();
    renderWithProviders(<ChatSettingsScreen />);
    const delivery = await screen.findByLabelText('Delivery');
    expect(delivery).toHaveValue(DEFAULT_CHAT.answers.delivery);
    expect(screen.getByLabelText('Warranty')).toHaveValue(DEFAULT_CHAT.answers.warranty);
    // Spare parts, delivery and warranty end with the default terms.
    expect(screen.getAllByText(/The chat adds the default availability and warranty after it/)).toHaveLength(3);
    expect(screen.getByText(/^Given for messages containing “spare” or “parts”./)).toBeInTheDocument();
    await userEvent.clear(delivery);
    await userEvent.type(delivery, 'Three weeks, anywhere in India.');
    await save();

    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]).toEqual({
      ...DEFAULT_CHAT,
      answers: { ...DEFAULT_CHAT.answers, delivery: 'Three weeks, anywhere in India.' },
      translations: { ta: untranslated(), hi: untranslated() },
      updatedAt: V1,
    });
    expect(await screen.findByText('Chat answers saved. The public pages show it now.')).toBeInTheDocument();
  });

  it('refuses a blank answer with a message under it, and sends nothing', async () => {
    const api = chatSettingsApi();
    renderWithProviders(<ChatSettingsScreen />);
    const price = await screen.findByLabelText('Prices');
    await userEvent.clear(price);
    await save();
    expect(await screen.findByText('Prices answer is required')).toBeInTheDocument();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent).toHaveLength(0);
  });

  it('keeps what was typed when someone else saved first, and Reload shows their version', async () => {
    const api = chatSettingsApi({
      respond: () => HttpResponse.json({ message: SITE_STALE_EDIT_MESSAGE }, { status: 409 }),
    });
    renderWithProviders(<ChatSettingsScreen />);
    const greeting = await screen.findByLabelText('Greeting');
    await userEvent.clear(greeting);
    await userEvent.type(greeting, 'Typed by Ravi');
    await save();

    // The notice on the screen, not the toast that says it too.
    const alert = (await screen.findAllByText(SITE_STALE_EDIT_MESSAGE))
      .map((element) => element.closest<HTMLElement>('[role="alert"]'))
      .find((element) => element !== null);
    if (!alert) throw new Error('the stale notice is not an alert');
    expect(screen.getByLabelText('Greeting')).toHaveValue('Typed by Ravi');

    api.setCurrent({ ...DEFAULT_CHAT, greeting: 'Saved by Asha', updatedAt: V2 });
    await userEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByLabelText('Greeting')).toHaveValue('Saved by Asha'));
  });

  it('enters a Tamil answer beside the English and sends it, with the stored Hindi as it was', async () => {
    const api = chatSettingsApi();
    api.setCurrent({ ...DEFAULT_CHAT, translations: { hi: { greeting: 'नमस्ते! पूछिए।' } }, updatedAt: V1 });
    renderWithProviders(<ChatSettingsScreen />);
    const training = await screen.findByLabelText('Training');
    // Each text's translations fold away under it: the field's box, then the disclosure.
    const disclosure = training.parentElement?.nextElementSibling?.querySelector('summary');
    if (!disclosure) throw new Error('no translations under the Training answer');
    expect(disclosure).toHaveTextContent('Tamil and Hindi');
    await userEvent.click(disclosure);
    const tamil = screen.getByLabelText('Tamil: Training');
    expect(tamil).toHaveAttribute('lang', 'ta');
    await userEvent.type(tamil, 'நிறுவிய பிறகு பயிற்சி அளிக்கிறோம்.');
    await save();

    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]?.translations).toEqual({
      ta: { ...untranslated(), answers: { ...untranslated().answers, training: 'நிறுவிய பிறகு பயிற்சி அளிக்கிறோம்.' } },
      hi: { ...untranslated(), greeting: 'नमस्ते! पूछिए।' },
    });
    expect(await screen.findByText('Chat answers saved. The public pages show it now.')).toBeInTheDocument();
  });

  it('refuses an overlong Hindi greeting with the English field’s message, shown open, and sends nothing', async () => {
    const api = chatSettingsApi();
    renderWithProviders(<ChatSettingsScreen />);
    const greeting = await screen.findByLabelText('Greeting');
    const disclosure = greeting.closest('section')?.querySelector('summary');
    if (!disclosure) throw new Error('no translations under the greeting');
    await userEvent.click(disclosure);
    const hindi = screen.getByLabelText('Hindi: Greeting');
    await userEvent.click(hindi);
    await userEvent.paste('न'.repeat(401));
    await save();
    expect(await screen.findByText('Greeting must be at most 400 characters')).toBeInTheDocument();
    expect(hindi).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent).toHaveLength(0);
  });
});
