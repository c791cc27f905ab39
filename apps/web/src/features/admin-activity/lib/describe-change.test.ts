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

// The register's and the service desk's entries (issue 40): named in the reader's language, their
// codes (state, language, status) as the screens say them.
describe('the activity log’s words for installed machines, contracts and service requests', () => {
  const machine = {
    contactName: { before: null, after: 'Senthil Kumar' },
    state: { before: '29', after: '33' },
    language: { before: 'en', after: 'ta' },
    commissionedOn: { before: null, after: '2026-04-10' },
  };

  it('names every field the register records, in English, Tamil and Hindi', () => {
    expect(describeChanges(ADMIN_ENGLISH, machine)).toEqual([
      { field: 'contactName', label: 'Contact person', before: '(none)', after: 'Senthil Kumar' },
      { field: 'state', label: 'State', before: 'Karnataka', after: 'Tamil Nadu' },
      { field: 'language', label: 'Language of emails', before: 'English', after: 'தமிழ்' },
      { field: 'commissionedOn', label: 'Commissioning date', before: '(none)', after: '2026-04-10' },
    ]);
    const tamil = describeChanges(adminTranslatorFor('ta'), machine);
    expect(tamil.map((line) => line.label)).toEqual(['தொடர்பு நபர்', 'மாநிலம்', 'மின்னஞ்சல்களின் மொழி', 'கமிஷனிங் தேதி']);
    expect(tamil[1]).toMatchObject({ before: 'கர்நாடகா', after: 'தமிழ்நாடு' });
    expect(describeChanges(adminTranslatorFor('hi'), machine)[1]).toMatchObject({ label: 'राज्य', after: 'तमिलनाडु' });
  });

  it('shows an AMC contract’s value in rupees', () => {
    expect(describeChanges(ADMIN_ENGLISH, { value: { before: null, after: 45000 } })[0]).toMatchObject({
      label: 'Contract value',
      after: '₹45,000',
    });
  });

  it('says a status as its record’s screen does', () => {
    const status = { status: { before: 'new', after: 'scheduled' } };
    expect(describeChanges(ADMIN_ENGLISH, status, 'service_request')[0]).toMatchObject({
      before: 'New',
      after: 'Visit scheduled',
    });
    const [won] = describeChanges(adminTranslatorFor('ta'), { status: { before: 'new', after: 'won' } }, 'inquiry');
    expect(won?.after).not.toBe('won');
    expect(won?.after).toMatch(/^[\u0B80-\u0BFF\s]+$/);
    // Without a target, a status stays as recorded.
    expect(describeChanges(ADMIN_ENGLISH, status)[0]).toMatchObject({ before: 'new', after: 'scheduled' });
  });

  it('has a label for every field in English, Tamil and Hindi that is not English words made up from its name', () => {
    for (const field of [
      'serial',
      'engineer',
      'partsUsed',
      'visitOn',
      'report',
      'buyerGstin',
      'placeOfSupply',
      'keep',
    ]) {
      const [tamil] = describeChanges(adminTranslatorFor('ta'), { [field]: { before: null, after: 'x' } });
      expect(tamil?.label).not.toMatch(/^[A-Z][a-z]/);
    }
  });
});
