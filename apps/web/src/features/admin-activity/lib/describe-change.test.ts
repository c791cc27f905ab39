import { describe, expect, it } from 'vitest';
import { ADMIN_ENGLISH } from '@/lib/i18n/admin';
import { adminTranslatorFor } from '@/testing/locale';
import { describeChanges } from './describe-change';

// An item's HSN/SAC code and GST rate in the activity log (decision 075): named, and the rate as a rate.

describe('the activity log’s words for a change of HSN/SAC code and GST rate', () => {
  const changes = {
    hsnCode: { before: '8466', after: '84669390' },
    gstRate: { before: 12, after: 0.25 },
    price: { before: 150000, after: 175000 },
  };

  it('names the fields and prints the rate with its per cent sign, the price in rupees', () => {
    expect(describeChanges(ADMIN_ENGLISH, changes)).toEqual([
      { field: 'hsnCode', label: 'HSN/SAC code', before: '8466', after: '84669390' },
      { field: 'gstRate', label: 'GST rate', before: '12%', after: '0.25%' },
      { field: 'price', label: 'Price', before: '₹1,50,000', after: '₹1,75,000' },
    ]);
  });

  it('says them in Tamil and Hindi', () => {
    expect(
      describeChanges(adminTranslatorFor('ta'), changes)
        .map((line) => line.label)
        .slice(0, 2),
    ).toEqual(['HSN/SAC குறியீடு', 'GST விகிதம்']);
    expect(describeChanges(adminTranslatorFor('hi'), changes)[1]).toMatchObject({ label: 'GST दर', after: '0.25%' });
  });
});
