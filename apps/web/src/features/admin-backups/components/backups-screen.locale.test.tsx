import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BackupRun, BackupsOverview } from '@capstan/shared';
import { inAdminLocale } from '@/testing/locale';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { BackupsScreen } from './backups-screen';

const RUN: BackupRun = {
  id: 'b1',
  trigger: 'manual',
  status: 'succeeded',
  startedAt: '2026-11-24T21:30:00.000Z',
  finishedAt: '2026-11-24T21:31:10.000Z',
  fileName: 'capstan-2026-11-25-0300.tar.gz',
  sizeBytes: 512,
  counts: { machines: 3, spareParts: 1, services: 4, inquiries: 12, users: 2, images: 160 },
  error: null,
  downloadable: true,
};

const OVERVIEW: BackupsOverview = {
  schedule: { enabled: true, time: '03:00', keep: 14, updatedAt: null },
  destination: 'the folder /srv/capstan/backups',
  runs: [RUN, { ...RUN, id: 'b0', trigger: 'scheduled', status: 'failed', error: 'Disk full', downloadable: false }],
};

const show = () => server.use(http.get('/api/admin/backups', () => HttpResponse.json(OVERVIEW)));

async function tableRows() {
  const table = await screen.findByRole('table');
  return within(table).getAllByRole('row');
}

describe('Site → Backups in Tamil and Hindi', () => {
  it('speaks Tamil: the schedule, the runs’ headings, results and contents; the server’s words stay', async () => {
    show();
    renderWithProviders(<BackupsScreen />, { wrapper: inAdminLocale('ta') });
    expect(await screen.findByRole('heading', { level: 1, name: 'காப்புப் பிரதிகள்' })).toBeInTheDocument();
    expect(await screen.findByLabelText('தினமும் காப்புப் பிரதி எடு')).toBeChecked();
    expect(screen.getByRole('button', { name: 'இப்போதே காப்புப் பிரதி எடு' })).toBeEnabled();
    expect(screen.getByText('காப்புப் பிரதிகள் வைக்கப்படும் இடம்: the folder /srv/capstan/backups.')).toBeInTheDocument();

    const [head, done, failed] = await tableRows();
    expect(within(head!).getByRole('columnheader', { name: 'உள்ளடக்கம்' })).toBeInTheDocument();
    expect(within(done!).getByText('கைமுறையாக')).toBeInTheDocument();
    expect(within(done!).getByText('முடிந்தது')).toBeInTheDocument();
    expect(within(done!).getByText('512 பைட்டுகள்')).toBeInTheDocument();
    expect(
      within(done!).getByText('3 மெஷின்கள் · 1 உதிரி பாகம் · 4 சர்வீஸ்கள் · 12 விசாரணைகள் · 2 பணியாளர்கள் · 160 படங்கள்'),
    ).toBeInTheDocument();
    expect(within(done!).getByRole('button', { name: /^பதிவிறக்கு/ })).toBeInTheDocument();
    expect(within(failed!).getByText('அட்டவணைப்படி')).toBeInTheDocument();
    expect(within(failed!).getByText('Disk full')).toBeInTheDocument();

    expect(screen.queryByText('Backup history')).not.toBeInTheDocument();
    expect(screen.queryByText('By hand')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('speaks Hindi', async () => {
    show();
    renderWithProviders(<BackupsScreen />, { wrapper: inAdminLocale('hi') });
    expect(await screen.findByRole('heading', { level: 1, name: 'बैकअप' })).toBeInTheDocument();
    expect(await screen.findByLabelText('समय (भारत)')).toHaveValue('03:00');
    expect(screen.getByRole('button', { name: 'सेव करें' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'बैकअप का इतिहास' })).toBeInTheDocument();

    const [, done] = await tableRows();
    expect(within(done!).getByText('हाथ से')).toBeInTheDocument();
    expect(within(done!).getByText('पूरा हुआ')).toBeInTheDocument();
    expect(
      within(done!).getByText('3 मशीनें · 1 स्पेयर पार्ट · 4 सर्विस · 12 पूछताछ · 2 स्टाफ़ · 160 फ़ोटो'),
    ).toBeInTheDocument();

    expect(screen.queryByText('Daily backup')).not.toBeInTheDocument();
    expect(screen.queryByText('Done')).not.toBeInTheDocument();
  });
});
