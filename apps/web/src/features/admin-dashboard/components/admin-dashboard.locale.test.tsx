import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminStatsHandler, buildAdminStats } from '@/testing/mocks/admin-stats';
import { meHandler } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { inAdminLocale } from '@/testing/locale';
import { renderWithProviders } from '@/testing/test-utils';
import { AdminDashboard } from './admin-dashboard';
import { EmailNotConfiguredBanner } from './email-not-configured-banner';

function stats() {
  server.use(
    meHandler(),
    adminStatsHandler(
      buildAdminStats({
        machines: 9,
        inquiryProducts: [
          { product: 'CL-25 Capstan Lathe', count: 3 },
          { product: 'CNC Turning Centre TC-200', count: 1 },
        ],
        email: { configured: false, pending: 2, failed: 0 },
      }),
    ),
  );
}

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Dashboard in Tamil and Hindi', () => {
  it('speaks Tamil: figures, chart, quick actions, products asked about and the email banner', async () => {
    stats();
    renderWithProviders(
      <>
        <EmailNotConfiguredBanner />
        <AdminDashboard />
      </>,
      { wrapper: inAdminLocale('ta') },
    );

    expect(await screen.findByText('மெஷின்கள்', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'டாஷ்போர்டு' })).toBeInTheDocument();
    expect(figure('மெஷின்கள்')).toBe('9');
    expect(figure('உதிரி பாகங்கள்')).toBe('12');
    expect(screen.getByRole('link', { name: 'விசாரணைகளைப் பார்' })).toHaveAttribute('href', '/admin/inquiries');
    const table = screen.getByRole('table', { name: 'வாரவாரியான விசாரணைகள்' });
    // The week in Tamil (செப். = Sept).
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('செப். 28');
    const products = screen.getByRole('list', { name: 'விசாரிக்கப்பட்ட தயாரிப்புகள்' });
    expect([...products.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'CL-25 Capstan Lathe3 விசாரணைகள்',
      'CNC Turning Centre TC-2001 விசாரணை',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent(
      'இமெயில் அமைக்கப்படவில்லை. விசாரணை அறிவிப்புகளும் ஒப்புகைகளும் அனுப்பப்படவில்லை; 2 இமெயில்கள் காத்திருக்கின்றன.',
    );

    expect(screen.queryByText('Machines')).not.toBeInTheDocument();
    expect(screen.queryByText('Quick actions')).not.toBeInTheDocument();
    expect(screen.queryByText('Email is not configured.')).not.toBeInTheDocument();
    expect(screen.queryByText(/Sept/)).not.toBeInTheDocument();
  });

  it('speaks Hindi', async () => {
    stats();
    renderWithProviders(
      <>
        <EmailNotConfiguredBanner />
        <AdminDashboard />
      </>,
      { wrapper: inAdminLocale('hi') },
    );

    expect(await screen.findByText('मशीनें', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'डैशबोर्ड' })).toBeInTheDocument();
    expect(figure('ओवरड्यू फ़ॉलो-अप')).toBe('1');
    expect(screen.getByRole('link', { name: 'प्रोडक्ट्स मैनेज करें' })).toHaveAttribute('href', '/admin/products');
    const table = screen.getByRole('table', { name: 'हर हफ़्ते की पूछताछ' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('28 सित॰');
    expect(screen.getByText('ईमेल सेट नहीं है।')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 ईमेल रुके हुए हैं');

    expect(screen.queryByText('Dashboard')).not.toBeInTheDocument();
    expect(screen.queryByText(/inquiries/i)).not.toBeInTheDocument();
  });
});
