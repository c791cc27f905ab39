import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  ADMIN_TOKEN_STORAGE_KEY,
  ADMIN_USER_STORAGE_KEY,
  BACKUP_MESSAGES,
  type BackupRun,
  type BackupSchedule,
  type BackupsOverview,
} from '@capstan/shared';
import { adminStatsHandler } from '@/testing/mocks/admin-stats';
import { pendingReviewsHandler } from '@/testing/mocks/admin-reviews';
import { meHandler } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { renderApp, renderWithProviders } from '@/testing/test-utils';
import { BackupsScreen } from './backups-screen';

const V1 = '2026-11-24T10:00:00.000Z';
const V2 = '2026-11-24T10:05:00.000Z';
const DESTINATION = 'the folder /srv/capstan/backups';
const STALE = 'Someone else saved the daily backup a moment ago. Reload to see it.';

const SCHEDULE: BackupSchedule = { enabled: true, time: '03:00', keep: 14, updatedAt: V1 };

function backupRun(overrides: Partial<BackupRun> = {}): BackupRun {
  return {
    id: 'b3',
    trigger: 'scheduled',
    status: 'succeeded',
    // 03:00 in India on 25 November.
    startedAt: '2026-11-24T21:30:00.000Z',
    finishedAt: '2026-11-24T21:31:10.000Z',
    fileName: 'capstan-2026-11-25-0300.tar.gz',
    sizeBytes: 13_002_342,
    counts: { machines: 3, spareParts: 25, services: 4, inquiries: 12, users: 2, images: 160 },
    error: null,
    downloadable: true,
    ...overrides,
  };
}

const RUNS: BackupRun[] = [
  backupRun(),
  backupRun({
    id: 'b2',
    trigger: 'manual',
    status: 'failed',
    startedAt: '2026-11-24T06:45:00.000Z',
    finishedAt: '2026-11-24T06:45:02.000Z',
    fileName: null,
    sizeBytes: null,
    counts: null,
    error: 'The backup folder is full: free some space and try again.',
    downloadable: false,
  }),
  backupRun({
    id: 'b1',
    startedAt: '2026-11-23T21:30:00.000Z',
    fileName: 'capstan-2026-11-24-0300.tar.gz',
    sizeBytes: 2_048,
    counts: { machines: 1, spareParts: 1, services: 1, inquiries: 1, users: 1, images: 1 },
    downloadable: false,
  }),
];

/**
 * The backups API as the contract says, recording what the screen sends. A started backup stays
 * running for `runningLooks` more reads of the list, then has succeeded.
 */
function backupsApi({
  runs = RUNS,
  respondSave,
  respondStart,
  respondDownload,
  runningLooks = 1,
}: {
  runs?: BackupRun[];
  respondSave?: () => Response | Promise<Response>;
  respondStart?: () => Response;
  respondDownload?: () => Response;
  runningLooks?: number;
} = {}) {
  const saved: Record<string, unknown>[] = [];
  const downloads: { path: string; authorization: string | null }[] = [];
  let started = 0;
  let reads = 0;
  let looksLeft = 0;
  let current: BackupsOverview = structuredClone({ schedule: SCHEDULE, destination: DESTINATION, runs });
  server.use(
    http.get('/api/admin/backups', () => {
      reads += 1;
      if (looksLeft > 0 && (looksLeft -= 1) === 0) {
        current = {
          ...current,
          runs: current.runs.map((run) =>
            run.id === 'b4'
              ? { ...backupRun({ id: 'b4', trigger: 'manual', startedAt: run.startedAt }), sizeBytes: 1_572_864 }
              : run,
          ),
        };
      }
      return HttpResponse.json(current);
    }),
    http.put('/api/admin/backups/schedule', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saved.push(body);
      if (respondSave) return respondSave();
      current = { ...current, schedule: { ...(body as unknown as BackupSchedule), updatedAt: V2 } };
      return HttpResponse.json(current.schedule);
    }),
    http.post('/api/admin/backups', () => {
      started += 1;
      if (respondStart) return respondStart();
      const run: BackupRun = {
        ...backupRun({ id: 'b4', trigger: 'manual', startedAt: '2026-11-25T05:00:00.000Z' }),
        status: 'running',
        finishedAt: null,
        fileName: null,
        sizeBytes: null,
        counts: null,
        downloadable: false,
      };
      current = { ...current, runs: [run, ...current.runs] };
      looksLeft = runningLooks + 1;
      return HttpResponse.json(run, { status: 202 });
    }),
    http.get('/api/admin/backups/:id/download', ({ request }) => {
      downloads.push({ path: new URL(request.url).pathname, authorization: request.headers.get('Authorization') });
      if (respondDownload) return respondDownload();
      return new HttpResponse(new Uint8Array([0x1f, 0x8b, 8, 0]), {
        headers: {
          'content-type': 'application/gzip',
          'content-disposition': 'attachment; filename="capstan-2026-11-25-0300.tar.gz"',
        },
      });
    }),
  );
  return {
    saved,
    downloads,
    started: () => started,
    reads: () => reads,
    setSchedule: (schedule: BackupSchedule) => (current = { ...current, schedule }),
  };
}

function signIn() {
  localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, 'owner-token');
  localStorage.setItem(ADMIN_USER_STORAGE_KEY, JSON.stringify({ id: 'u1', email: 'o@example.in', username: 'asha' }));
}

/** The rows of the wide table (phones get the same runs as cards). */
async function tableRows(): Promise<HTMLElement[]> {
  const table = await screen.findByRole('table', { name: 'Backups' });
  const [, ...rows] = within(table).getAllByRole('row');
  return rows;
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('Site → Backups', () => {
  it('shows the schedule, where backups go, and every run with its size, contents and result', async () => {
    backupsApi();
    renderWithProviders(<BackupsScreen />);

    expect(await screen.findByText(`Backups are kept in ${DESTINATION}.`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Backups' })).toBeInTheDocument();
    expect(
      screen.getByText('Each backup holds the whole database and every picture. Keep copies off this machine too.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Back up every day')).toBeChecked();
    expect(screen.getByLabelText('Time (India)')).toHaveValue('03:00');
    expect(screen.getByLabelText('Time (India)')).toHaveAttribute('type', 'time');
    expect(screen.getByLabelText('Keep the newest')).toHaveValue(14);

    const [kept, failed, removed] = await tableRows();
    // Started, in Indian time (the Download button names it too, for screen readers).
    expect(within(kept!).getByText(/25 Nov 2026, 3:00\s?am/i, { selector: 'time' })).toHaveAttribute(
      'dateTime',
      '2026-11-24T21:30:00.000Z',
    );
    expect(within(kept!).getByText('Schedule')).toBeInTheDocument();
    expect(within(kept!).getByText('Done')).toBeInTheDocument();
    expect(within(kept!).getByText('12.4 MB')).toBeInTheDocument();
    expect(
      within(kept!).getByText('3 machines · 25 spare parts · 4 services · 12 inquiries · 2 staff · 160 pictures'),
    ).toBeInTheDocument();
    expect(within(kept!).getByRole('button', { name: /^Download/ })).toBeInTheDocument();

    expect(within(failed!).getByText('By hand')).toBeInTheDocument();
    expect(within(failed!).getByText('Failed')).toBeInTheDocument();
    expect(within(failed!).getByText('The backup folder is full: free some space and try again.')).toBeInTheDocument();
    expect(within(failed!).queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
    expect(within(failed!).queryByText('Removed')).not.toBeInTheDocument();

    // Kept no longer: no Download, and it says why.
    expect(within(removed!).getByText('2 KB')).toBeInTheDocument();
    expect(
      within(removed!).getByText('1 machine · 1 spare part · 1 service · 1 inquiry · 1 staff · 1 picture'),
    ).toBeInTheDocument();
    expect(within(removed!).getByText('Removed')).toBeInTheDocument();
    expect(within(removed!).queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();

    // Phones get the same runs as cards, with one Download between them too.
    const cards = within(screen.getByRole('list', { name: 'Backups' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByRole('button', { name: /^Download/ })).toBeInTheDocument();
    expect(within(cards[1]!).queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
    expect(within(cards[2]!).getByText('Removed')).toBeInTheDocument();
    expect(screen.queryByText('No backups yet.')).not.toBeInTheDocument();
  });

  it('says when there are no backups yet', async () => {
    backupsApi({ runs: [] });
    renderWithProviders(<BackupsScreen />);
    expect(await screen.findByText('No backups yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says the backups could not be loaded, and Retry asks again', async () => {
    let fail = true;
    server.use(
      http.get('/api/admin/backups', () =>
        fail
          ? HttpResponse.json({ message: 'Internal Server Error' }, { status: 500 })
          : HttpResponse.json({ schedule: SCHEDULE, destination: DESTINATION, runs: [] }),
      ),
    );
    renderWithProviders(<BackupsScreen />);
    expect(await screen.findByText('Could not load the backups.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(`Backups are kept in ${DESTINATION}.`)).toBeInTheDocument();
  });

  it.each([
    ['a time that is not a time', 'Time (India)', '', BACKUP_MESSAGES.time],
    ['more backups than may be kept', 'Keep the newest', '61', BACKUP_MESSAGES.keep],
    ['no backups kept', 'Keep the newest', '0', BACKUP_MESSAGES.keep],
    ['part of a backup', 'Keep the newest', '2.5', BACKUP_MESSAGES.keep],
  ])('refuses %s with the shared message under the field, and sends nothing', async (_, label, typed, message) => {
    const api = backupsApi();
    renderWithProviders(<BackupsScreen />);
    const field = await screen.findByLabelText(label);
    await userEvent.clear(field);
    if (typed) await userEvent.type(field, typed);
    await save();

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')).toContain(screen.getByText(message).id);
    expect(api.saved).toHaveLength(0);
  });

  it('saves the schedule with the version it was read at, shows Saving... meanwhile, then says it is saved', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const api = backupsApi({
      respondSave: async () => {
        await answered;
        return HttpResponse.json({ enabled: false, time: '02:15', keep: 30, updatedAt: V2 });
      },
    });
    renderWithProviders(<BackupsScreen />);
    const time = await screen.findByLabelText('Time (India)');
    await userEvent.click(screen.getByLabelText('Back up every day'));
    await userEvent.clear(time);
    await userEvent.type(time, '02:15');
    await userEvent.clear(screen.getByLabelText('Keep the newest'));
    await userEvent.type(screen.getByLabelText('Keep the newest'), '30');
    await save();

    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    await waitFor(() => expect(api.saved).toHaveLength(1));
    expect(api.saved[0]).toEqual({ enabled: false, time: '02:15', keep: 30, updatedAt: V1 });
    answer();

    expect(await screen.findByText('Daily backup saved.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.getByLabelText('Back up every day')).not.toBeChecked();
    expect(screen.getByLabelText('Time (India)')).toHaveValue('02:15');

    // The next save sends the version the server answered with.
    await save();
    await waitFor(() => expect(api.saved).toHaveLength(2));
    expect(api.saved[1]).toMatchObject({ updatedAt: V2 });
  });

  it('keeps what was typed when someone else saved first, and Reload shows their version', async () => {
    const api = backupsApi({ respondSave: () => HttpResponse.json({ message: STALE }, { status: 409 }) });
    renderWithProviders(<BackupsScreen />);
    const time = await screen.findByLabelText('Time (India)');
    await userEvent.clear(time);
    await userEvent.type(time, '01:30');
    await save();

    // The notice on the screen, not the toast that says it too.
    const alert = (await screen.findAllByText(STALE))
      .map((element) => element.closest<HTMLElement>('[role="alert"]'))
      .find((element) => element !== null);
    if (!alert) throw new Error('the stale notice is not an alert');
    expect(screen.getByLabelText('Time (India)')).toHaveValue('01:30');
    expect(api.saved[0]).toMatchObject({ time: '01:30', updatedAt: V1 });

    api.setSchedule({ enabled: true, time: '04:45', keep: 7, updatedAt: V2 });
    await userEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByLabelText('Time (India)')).toHaveValue('04:45'));
    expect(screen.getByLabelText('Keep the newest')).toHaveValue(7);
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
  });

  it('puts the server’s per-field message under its field', async () => {
    backupsApi({
      respondSave: () =>
        HttpResponse.json(
          { message: 'Invalid request', issues: [{ path: ['time'], message: 'The server refused this time' }] },
          { status: 400 },
        ),
    });
    renderWithProviders(<BackupsScreen />);
    await screen.findByLabelText('Time (India)');
    await save();
    expect(await screen.findByText('The server refused this time')).toBeInTheDocument();
    expect(screen.getByLabelText('Time (India)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('backs up now: the new run shows at the top as running, and the list looks again until it is done', async () => {
    const api = backupsApi({ runningLooks: 1 });
    renderWithProviders(<BackupsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Back up now' }));

    await waitFor(async () => expect(within((await tableRows())[0]!).getByText('Running')).toBeInTheDocument());
    expect(api.started()).toBe(1);
    const [running] = await tableRows();
    expect(within(running!).getByText('By hand')).toBeInTheDocument();
    expect(within(running!).queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
    expect(await screen.findByText(/A backup is running/)).toBeInTheDocument();
    // One at a time, as the server allows.
    expect(screen.getByRole('button', { name: 'Back up now' })).toBeDisabled();
    expect(await tableRows()).toHaveLength(4);

    // Asked again every 2 s while it runs, until it has finished.
    await waitFor(async () => expect(within((await tableRows())[0]!).getByText('Done')).toBeInTheDocument());
    expect(within((await tableRows())[0]!).getByText('1.5 MB')).toBeInTheDocument();
    expect(api.reads()).toBeGreaterThanOrEqual(3);
    expect(screen.queryByText(/A backup is running/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back up now' })).toBeEnabled();
  });

  it('says why a backup could not be started', async () => {
    const message = 'A backup is already running. Wait for it to finish.';
    const api = backupsApi({ respondStart: () => HttpResponse.json({ message }, { status: 409 }) });
    renderWithProviders(<BackupsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Back up now' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api.started()).toBe(1);
    expect(await tableRows()).toHaveLength(3);
  });

  describe('downloading', () => {
    function stubDownloads() {
      const blobs: Blob[] = [];
      const saved: string[] = [];
      const createObjectURL = vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:backup';
      });
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push(this.download);
      });
      return { blobs, saved };
    }

    it('fetches the archive with the session and saves it under its name', async () => {
      signIn();
      const api = backupsApi();
      const { blobs, saved } = stubDownloads();
      renderWithProviders(<BackupsScreen />);
      const [kept] = await tableRows();
      await userEvent.click(within(kept!).getByRole('button', { name: /^Download/ }));

      await waitFor(() => expect(saved).toEqual(['capstan-2026-11-25-0300.tar.gz']));
      expect(api.downloads).toEqual([{ path: '/api/admin/backups/b3/download', authorization: 'Bearer owner-token' }]);
      expect(new Uint8Array(await blobs[0]!.arrayBuffer())).toEqual(new Uint8Array([0x1f, 0x8b, 8, 0]));
    });

    it('says so when the archive is no longer kept, and the list then shows it removed', async () => {
      signIn();
      const message = 'That backup is no longer kept.';
      let removed = false;
      const api = backupsApi({
        respondDownload: () => {
          removed = true;
          return HttpResponse.json({ message }, { status: 404 });
        },
      });
      // Once removed, the list says so.
      server.use(
        http.get('/api/admin/backups', () =>
          HttpResponse.json({
            schedule: SCHEDULE,
            destination: DESTINATION,
            runs: RUNS.map((run, index) => (index === 0 && removed ? { ...run, downloadable: false } : run)),
          }),
        ),
      );
      const { saved } = stubDownloads();
      renderWithProviders(<BackupsScreen />);
      const [kept] = await tableRows();
      await userEvent.click(within(kept!).getByRole('button', { name: /^Download/ }));

      expect(await screen.findByText(message)).toBeInTheDocument();
      await waitFor(async () => expect(within((await tableRows())[0]!).getByText('Removed')).toBeInTheDocument());
      expect(api.downloads).toHaveLength(1);
      expect(saved).toEqual([]);
    });
  });

  it('is under Site in the owner’s menu, at /admin/site/backups', async () => {
    signIn();
    backupsApi();
    server.use(meHandler('owner'), adminStatsHandler(), pendingReviewsHandler());
    renderApp('/admin/site/backups');
    expect(await screen.findByRole('heading', { level: 1, name: 'Backups' })).toBeInTheDocument();
    const [nav] = screen.getAllByRole('navigation', { name: 'Admin' });
    const site = within(nav!).getByRole('group', { name: 'Site' });
    expect(await within(site).findByRole('link', { name: 'Backups' })).toHaveAttribute('href', '/admin/site/backups');
  });
});
