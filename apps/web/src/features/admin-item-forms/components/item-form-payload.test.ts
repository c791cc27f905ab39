import { describe, expect, it } from 'vitest';
import { itemPayload, type ItemFormValues } from './item-form';
import { servicePayload } from './service-form';
import { newSpecificationRow } from '../lib/specification-rows';
import { emptyDrafts } from '../lib/translation-drafts';
import { newFeatureRow } from './key-features-field';

const values: ItemFormValues = {
  name: ' Lathe ',
  description: 'Fast.',
  code: '',
  brand: '',
  price: '',
  originalPrice: '',
  category: 'machine',
  fits: ['m-1'],
  terms: { availability: '', leadTimeMinWeeks: '4', leadTimeMaxWeeks: '6', warrantyMonths: '' },
  hsnCode: ' 8458.11 ',
  gstRate: '18',
  features: [],
  featured: false,
  specifications: [newSpecificationRow({ key: 'Bore', value: '25 mm' }), newSpecificationRow()],
  translations: emptyDrafts(),
};

/** Nothing typed in Tamil or Hindi: every field goes, empty, so nothing stored stays by accident. */
const untouchedMachine = { name: '', description: '', features: null, specifications: null };

describe('what the item forms send (react-hook-form values to the payload)', () => {
  it('sends every field a machine form shows, emptied ones as empty text so an edit clears them', () => {
    expect(itemPayload('machine', values)).toEqual({
      name: 'Lathe',
      description: 'Fast.',
      code: '',
      specifications: [{ key: 'Bore', value: '25 mm' }],
      featured: false,
      price: '',
      availability: '',
      // Weeks go with made to order only.
      leadTimeMinWeeks: '',
      leadTimeMaxWeeks: '',
      warrantyMonths: '',
      hsnCode: '8458.11',
      gstRate: '18',
      category: 'machine',
      brand: '',
      originalPrice: '',
      features: [],
      translations: { ta: untouchedMachine, hi: untouchedMachine },
    });
  });

  it('sends a part its fits and none of a machine’s fields', () => {
    const payload = itemPayload('sparePart', values);
    expect(payload.fits).toEqual(['m-1']);
    expect(Object.keys(payload)).not.toEqual(expect.arrayContaining(['brand']));
    // The parts' translations schema is strict: no key features.
    expect(payload.translations).toEqual({
      ta: { name: '', description: '', specifications: null },
      hi: { name: '', description: '', specifications: null },
    });
  });

  it('sends filled translations as typed, emptied ones as empty, features by English order', () => {
    const features = [newFeatureRow('Hardened bed'), newFeatureRow('  '), newFeatureRow('Quick-change tools')];
    const [hardened, , quick] = features;
    const [bore, blank] = values.specifications;
    const payload = itemPayload('machine', {
      ...values,
      features,
      specifications: [...values.specifications, newSpecificationRow({ key: 'Motor', value: '3 HP' })],
      translations: {
        ta: {
          name: ' கேப்ஸ்டன் லேத் ',
          // Emptied: the stored Tamil description is removed.
          description: '   ',
          features: { [hardened!.id]: 'கடினமான படுக்கை', [quick!.id]: '' },
          specifications: { [bore!.id]: ' துளை ', [blank!.id]: 'ignored: no English label' },
        },
        hi: { name: '', description: 'तेज़।', features: { [quick!.id]: 'जल्दी बदलने वाले टूल' }, specifications: {} },
      },
    });
    expect(payload.translations).toEqual({
      ta: { name: 'கேப்ஸ்டன் லேத்', description: '', features: ['கடினமான படுக்கை'], specifications: { Bore: 'துளை' } },
      hi: { name: '', description: 'तेज़।', features: ['जल्दी बदलने वाले टूल'], specifications: null },
    });
  });

  it('keeps a service specification typed but not added', () => {
    const payload = servicePayload({
      name: 'Rebuild',
      code: '',
      description: 'Full rebuild.',
      hsnCode: '',
      gstRate: '18',
      featured: true,
      specifications: [],
      newKey: ' Duration ',
      newValue: ' 3 weeks ',
      translations: emptyDrafts(),
    });
    expect(payload.specification).toEqual([{ key: 'Duration', value: '3 weeks' }]);
    // An empty SAC: the default (decision 075).
    expect(payload).toMatchObject({ hsnCode: '', gstRate: '18' });
  });

  it('sends a service its translations as an object, labels by the English label, and no key features', () => {
    const duration = newSpecificationRow({ key: 'Duration', value: '3 weeks' });
    const payload = servicePayload({
      name: 'Rebuild',
      code: '',
      description: 'Full rebuild.',
      hsnCode: '998717',
      gstRate: '18',
      featured: false,
      specifications: [duration],
      newKey: '',
      newValue: '',
      translations: {
        ta: { name: 'மறுசீரமைப்பு', description: '', features: {}, specifications: { [duration.id]: 'காலம்' } },
        hi: { name: '', description: '', features: {}, specifications: { [duration.id]: '' } },
      },
    });
    expect(payload.translations).toEqual({
      ta: { name: 'மறுசீரமைப்பு', description: '', specifications: { Duration: 'காலம்' } },
      hi: { name: '', description: '', specifications: null },
    });
  });
});
