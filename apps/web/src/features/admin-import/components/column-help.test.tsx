import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
