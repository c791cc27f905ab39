import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TRANSLATION_COLUMNS } from '@capstan/shared';
import { inAdminLocale } from '@/testing/locale';
import { ColumnHelp } from './column-help';

const columnNames = () => screen.getAllByRole('listitem').map((item) => item.querySelector('code')?.textContent);

describe('ColumnHelp', () => {
  it('explains the availability, lead time and warranty columns for machines and spare parts', () => {
    const { unmount } = render(<ColumnHelp kind="machines" />);
    expect(columnNames()).toEqual(expect.arrayContaining(['availability', 'lead_time_weeks', 'warranty_months']));
    const lead = screen.getAllByRole('listitem').find((item) => item.textContent?.startsWith('lead_time_weeks'));
    expect(lead).toHaveTextContent('6-8 or 6');
    expect(lead).toHaveTextContent('needed with made_to_order');
    unmount();

    render(<ColumnHelp kind="spare-parts" />);
    expect(columnNames()).toEqual(expect.arrayContaining(['availability', 'lead_time_weeks', 'warranty_months']));
  });

  it('leaves them out for services, whose terms are in their specification', () => {
    render(<ColumnHelp kind="services" />);
    expect(columnNames()).not.toContain('availability');
    expect(columnNames()).not.toContain('warranty_months');
  });

  it('explains the Tamil and Hindi columns of each kind, key features for machines only', () => {
    const { unmount } = render(<ColumnHelp kind="machines" />);
    expect(columnNames()).toEqual(
      expect.arrayContaining(['name_ta', 'name_hi', 'description_ta', 'description_hi', 'features_ta', 'features_hi']),
    );
    const hindiName = screen.getAllByRole('listitem').find((item) => item.textContent?.startsWith('name_hi'));
    expect(hindiName).toHaveTextContent('name_hi: Hindi name; empty: the English name shows');
    expect(screen.getByText(/Translated specification names are not in the file/)).toBeInTheDocument();
    unmount();

    render(<ColumnHelp kind="spare-parts" />);
    expect(columnNames()).toEqual(expect.arrayContaining(['name_ta', 'description_hi']));
    expect(columnNames()).not.toContain('features_ta');
  });

  it('says it in Tamil, the column names as they are', () => {
    render(<ColumnHelp kind="machines" />, { wrapper: inAdminLocale('ta') });
    const tamilFeatures = screen.getAllByRole('listitem').find((item) => item.textContent?.startsWith('features_ta'));
    expect(tamilFeatures).toHaveTextContent(
      'features_ta: தமிழ் முக்கிய அம்சங்கள், ஒரு வரிக்கு ஒன்று; காலியாக இருந்தால் ஆங்கில அம்சங்கள் காட்டப்படும்',
    );
    expect(columnNames()).toEqual(expect.arrayContaining(TRANSLATION_COLUMNS.map((column) => column.column)));
  });
});
