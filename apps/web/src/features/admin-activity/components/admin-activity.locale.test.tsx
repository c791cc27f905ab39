import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditEntry, ITEM_FIELD_LABELS } from '@capstan/shared';
import { createAdminTranslator } from '@/lib/i18n/admin';
import { inAdminLocale } from '@/testing/locale';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { fieldLabel } from '../lib/describe-change';
import { ACTION_LABELS } from '../lib/labels';
import { AdminActivity } from './admin-activity';

const ENTRIES: AuditEntry[] = [
  {
    id: 'e1',
    at: new Date(Date.now() - 5 * 60 * 1000).toISOString(),
    action: 'item.update',
    actor: { userId: 'u1', email: 'staff@example.com' },
    ip: '10.0.0.7',
    target: { type: 'machine', id: 'm1', label: 'CL-25 Capstan Lathe', exists: true },
    changes: { featured: { before: false, after: true }, status: { before: 'new', after: 'contacted' } },
  },
  {
    id: 'e2',
    at: new Date(Date.now() - 90 * 60 * 1000).toISOString(),
    action: 'auth.sign_in_failed',
    actor: { userId: null, email: 'intruder@example.com' },
    ip: '203.0.113.9',
    target: null,
    changes: null,
  },
];

const show = () =>
  server.use(http.get('/api/admin/activity', () => HttpResponse.json({ entries: ENTRIES, nextCursor: 'more' })));

const rows = async () =>
  within(await screen.findByRole('table'))
    .getAllByRole('row')
    .slice(1);

describe('Admin activity in Tamil and Hindi', () => {
  it('speaks Tamil: headings, filter, action and target labels, relative times; recorded values stay', async () => {
    show();
    renderWithProviders(<AdminActivity />, { wrapper: inAdminLocale('ta') });
    expect(await screen.findByRole('heading', { level: 1, name: 'செயல்பாடுகள்' })).toBeInTheDocument();
    const filter = screen.getByRole('combobox', { name: 'செயல் வாரியாக வடிகட்டு' });
    expect(within(filter).getByRole('option', { name: 'எல்லாச் செயல்களும்' })).toBeInTheDocument();

    const [update, failed] = await rows();
    expect(within(update!).getByText('பொருளை அப்டேட் செய்தார்')).toBeInTheDocument();
    expect(within(update!).getByText('மெஷின்')).toBeInTheDocument();
    expect(within(update!).getByText(/5 நிமிடங்களுக்கு முன்/)).toBeInTheDocument();
    const changes = within(within(update!).getByRole('list', { name: 'மாற்றங்கள்' })).getAllByRole('listitem');
    expect(changes.map((li) => li.textContent)).toEqual(['சிறப்புத் தேர்வு: இல்லை → ஆம்', 'நிலை: new → contacted']);
    expect(within(failed!).getByText('உள்நுழைவு தோல்வி')).toBeInTheDocument();
    expect(within(failed!).getByText('முயற்சி செய்தவர்')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'பழைய பதிவுகளை ஏற்று' })).toBeInTheDocument();

    expect(screen.queryByText('Updated item')).not.toBeInTheDocument();
    expect(screen.queryByText('What changed')).not.toBeInTheDocument();
    expect(screen.queryByText('5 minutes ago')).not.toBeInTheDocument();
  });

  it('speaks Hindi', async () => {
    show();
    renderWithProviders(<AdminActivity />, { wrapper: inAdminLocale('hi') });
    expect(await screen.findByRole('heading', { level: 1, name: 'गतिविधि' })).toBeInTheDocument();
    const [update, failed] = await rows();
    expect(within(update!).getByText('आइटम अपडेट किया')).toBeInTheDocument();
    expect(within(update!).getByText(/5 मिनट पहले/)).toBeInTheDocument();
    expect(within(update!).getByRole('list', { name: 'बदलाव' })).toHaveTextContent('फ़ीचर्ड: नहीं → हाँ');
    expect(within(failed!).getByText('साइन-इन फ़ेल')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'क्या बदला' })).toBeInTheDocument();

    expect(screen.queryByText('Failed sign-in')).not.toBeInTheDocument();
    expect(screen.queryByText('Load older entries')).not.toBeInTheDocument();
  });

  it('names actions and item fields in English with the shared tables’ very words', () => {
    const english = createAdminTranslator('en', {});
    for (const action of AUDIT_ACTIONS) {
      expect({ action, label: english.t(ACTION_LABELS[action]) }).toEqual({
        action,
        label: AUDIT_ACTION_LABELS[action],
      });
    }
    for (const [field, label] of Object.entries(ITEM_FIELD_LABELS)) {
      expect({ field, label: fieldLabel(english, field) }).toEqual({ field, label });
    }
    // Fields named nowhere read as their own words, as before.
    for (const [field, label] of [
      ['reviewCount', 'Review count'],
      ['twoFactor', 'Two factor'],
      ['attempts', 'Attempts'],
      ['someNewField', 'Some new field'],
    ]) {
      expect(fieldLabel(english, field!)).toBe(label);
    }
  });
});
