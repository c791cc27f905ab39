import { describe, expect, it } from 'vitest';
import { itemTranslationsSchema, machineTranslationsSchema } from '@capstan/shared';
import {
  draftsOf,
  emptyDrafts,
  filledCount,
  issuesOfAnswer,
  translationErrorsOf,
  translationsPayload,
  type EnglishRows,
} from './translation-drafts';

const machineRows: EnglishRows = {
  features: [
    { id: 'f1', text: 'Hardened bed' },
    { id: 'f2', text: ' ' },
    { id: 'f3', text: 'Quick-change tools' },
  ],
  specifications: [
    { id: 's1', text: 'Bore' },
    { id: 's2', text: 'Motor / drive' },
    // A second row with the same label gets no input of its own: the server keys labels by it.
    { id: 's3', text: 'Bore ' },
  ],
};

describe('the translations an item form starts from', () => {
  it('lays stored features on the English ones by place and labels by English label', () => {
    const drafts = draftsOf(
      {
        ta: {
          name: 'கேப்ஸ்டன் லேத்',
          features: ['கடினமான படுக்கை', 'விரைவு மாற்றக் கருவிகள்'],
          specifications: { Bore: 'துளை', Gone: 'நீக்கப்பட்டது' },
        },
      },
      machineRows,
    );
    expect(drafts.ta).toEqual({
      name: 'கேப்ஸ்டன் லேத்',
      description: '',
      // The blank English row is not a feature: the second stored one goes beside the third row.
      features: { f1: 'கடினமான படுக்கை', f3: 'விரைவு மாற்றக் கருவிகள்' },
      specifications: { s1: 'துளை' },
    });
    expect(drafts.hi).toEqual(emptyDrafts().hi);
    expect(filledCount(drafts.ta, machineRows)).toEqual({ filled: 4, total: 6 });
  });
});

describe('what a save sends of the translations', () => {
  it('is a patch the shared schemas read as: set what is filled, remove what is empty', () => {
    const drafts = emptyDrafts();
    drafts.ta = { name: ' பெயர் ', description: '', features: { f3: 'கருவிகள்' }, specifications: { s2: 'மோட்டார்' } };
    const payload = translationsPayload(drafts, machineRows);
    expect(payload).toEqual({
      ta: { name: 'பெயர்', description: '', features: ['கருவிகள்'], specifications: { 'Motor / drive': 'மோட்டார்' } },
      hi: { name: '', description: '', features: null, specifications: null },
    });
    expect(machineTranslationsSchema.parse(payload)).toEqual({
      ta: { name: 'பெயர்', description: null, features: ['கருவிகள்'], specifications: { 'Motor / drive': 'மோட்டார்' } },
      hi: { name: null, description: null, features: null, specifications: null },
    });
  });

  it('sends no key features for a kind without them, which its strict schema would refuse', () => {
    const payload = translationsPayload(emptyDrafts(), { features: null, specifications: [] });
    expect(payload.ta).not.toHaveProperty('features');
    expect(itemTranslationsSchema.safeParse(payload).success).toBe(true);
  });
});

describe('where a refused translation is shown', () => {
  it('places each refusal on its input: features by their place in the list sent, labels by English label', () => {
    const drafts = emptyDrafts();
    drafts.hi.features = { f1: '', f3: 'x'.repeat(201) };
    expect(
      translationErrorsOf(
        [
          { path: ['translations', 'ta', 'name'], message: 'Name must be at most 200 characters' },
          { path: ['translations', 'ta', 'name'], message: 'A later refusal of the same input' },
          { path: ['translations', 'hi', 'features', 0], message: 'A key feature must be at most 200 characters' },
          // The server's paths are split from a JSON pointer: text, and a label's slash splits it.
          { path: ['translations', 'hi', 'specifications', 'Motor ', ' drive'], message: 'Too long' },
          { path: ['translations', 'ta', 'specifications', 'Unknown'], message: 'At most 50 specifications' },
          { path: ['translations', 'ta', 'features'], message: 'At most 20 key features' },
          { path: ['name'], message: 'Name is required' },
          { path: ['translations', 'fr', 'name'], message: 'Unrecognized key' },
        ],
        drafts,
        machineRows,
      ),
    ).toEqual({
      'ta.name': 'Name must be at most 200 characters',
      'hi.features.f3': 'A key feature must be at most 200 characters',
      'hi.specifications.s2': 'Too long',
      'ta.specifications': 'At most 50 specifications',
      'ta.features': 'At most 20 key features',
    });
  });

  it('reads the issues of a 400 answer, and none from anything else', () => {
    const issues = [{ path: ['translations', 'ta', 'name'], message: 'Name must be at most 200 characters' }];
    expect(issuesOfAnswer(JSON.stringify({ message: 'x', issues }))).toEqual(issues);
    expect(issuesOfAnswer(JSON.stringify({ message: 'x' }))).toEqual([]);
    expect(issuesOfAnswer('<html>Bad gateway</html>')).toEqual([]);
  });
});
