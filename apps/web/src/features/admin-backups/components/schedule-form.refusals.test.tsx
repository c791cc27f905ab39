import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BACKUP_MESSAGES, type BackupsOverview, SITE_STALE_EDIT_MESSAGE } from '@capstan/shared';
import { inAdminLocale } from '@/testing/locale';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { BackupsScreen } from './backups-screen';

const OVERVIEW: BackupsOverview = {
  schedule: { enabled: true, time: '03:00', keep: 14, updatedAt: '2026-11-24T10:00:00.000Z' },
  destination: 'the folder /srv/capstan/backups',
  runs: [],
};

/** The overview, and a save answered by `answers` in turn. */
function backupsApi(...answers: (() => Response)[]) {
  server.use(
    http.get('/api/admin/backups', () => HttpResponse.json(OVERVIEW)),
    http.put('/api/admin/backups/schedule', () => (answers.shift() ?? (() => HttpResponse.json(OVERVIEW.schedule)))()),
  );
}

describe("the backup schedule's refusals in the person's language", () => {
  it("says the shared schema's refusal under its input in Tamil", async () => {
    backupsApi();
    renderWithProviders(<BackupsScreen />, { wrapper: inAdminLocale('ta') });
    const user = userEvent.setup({ delay: null });
    const keep = await screen.findByLabelText('வைத்திருக்க வேண்டிய சமீபத்திய');
    await user.clear(keep);
    await user.type(keep, '0');
    await user.click(screen.getByRole('button', { name: 'சேமி' }));

    const refusal = '1 முதல் 60 வரை முழு எண்ணிக்கையில் காப்புப் பிரதிகளை வைத்திருக்கலாம்';
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(keep).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(screen.queryByText(BACKUP_MESSAGES.keep)).not.toBeInTheDocument();
  });

  it("says the server's field refusal (400) and its stale copy (409) in Hindi", async () => {
    backupsApi(
      () =>
        HttpResponse.json(
          { message: BACKUP_MESSAGES.time, issues: [{ path: ['time'], message: BACKUP_MESSAGES.time }] },
          { status: 400 },
        ),
      () => HttpResponse.json({ message: SITE_STALE_EDIT_MESSAGE }, { status: 409 }),
    );
    renderWithProviders(<BackupsScreen />, { wrapper: inAdminLocale('hi') });
    const user = userEvent.setup({ delay: null });
    const time = await screen.findByLabelText('समय (भारत)');
    await user.click(screen.getByRole('button', { name: 'सेव करें' }));

    const refusal = 'समय HH:MM में, 00:00 से 23:59 तक (भारतीय समय) लिखें';
    // Said at the input and in the toast, never in English.
    await waitFor(() => expect(screen.getAllByText(refusal)).toHaveLength(2));
    expect(time).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(screen.queryByText(BACKUP_MESSAGES.time)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'सेव करें' }));
    const stale = 'इन सेटिंग्स को इस बीच किसी और ने बदल दिया है — नया वर्ज़न देखने के लिए फिर से लोड करें।';
    expect((await screen.findAllByText(stale)).length).toBeGreaterThan(0);
    expect(screen.queryByText(SITE_STALE_EDIT_MESSAGE)).not.toBeInTheDocument();
  });
});
