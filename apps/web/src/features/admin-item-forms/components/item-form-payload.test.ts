import { describe, expect, it } from 'vitest';
import { itemPayload, type ItemFormValues } from './item-form';
import { servicePayload } from './service-form';
import { newSpecificationRow } from '../lib/specification-rows';

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
  features: [],
  featured: false,
  specifications: [newSpecificationRow({ key: 'Bore', value: '25 mm' }), newSpecificationRow()],
};

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
      category: 'machine',
      brand: '',
      originalPrice: '',
      features: [],
    });
  });

  it('sends a part its fits and none of a machine’s fields', () => {
    const payload = itemPayload('sparePart', values);
    expect(payload.fits).toEqual(['m-1']);
    expect(Object.keys(payload)).not.toEqual(expect.arrayContaining(['brand']));
  });

  it('keeps a service specification typed but not added', () => {
    const payload = servicePayload({
      name: 'Rebuild',
      code: '',
      description: 'Full rebuild.',
      featured: true,
      specifications: [],
      newKey: ' Duration ',
      newValue: ' 3 weeks ',
    });
    expect(payload.specification).toEqual([{ key: 'Duration', value: '3 weeks' }]);
  });
});
