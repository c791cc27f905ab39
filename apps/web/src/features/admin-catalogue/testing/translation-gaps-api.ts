import { http, HttpResponse } from 'msw';
import { TRANSLATION_GAPS_URL, type TranslationGaps } from '@capstan/shared';

const none = { name: 0, description: 0, specifications: 0 };

/** A catalogue with nothing left to translate; a test overrides the counts it is about. */
export function translationGaps(overrides: Partial<TranslationGaps> = {}): TranslationGaps {
  return {
    machine: { total: 0, lacking: { ta: { ...none, features: 0 }, hi: { ...none, features: 0 } } },
    spare: { total: 0, lacking: { ta: none, hi: none } },
    service: { total: 0, lacking: { ta: none, hi: none } },
    ...overrides,
  };
}

/** GET /api/admin/catalogue/translations, counting the calls in `calls.count`. */
export function translationGapsHandler(
  gaps: TranslationGaps | (() => TranslationGaps) = translationGaps(),
  calls: { count: number } = { count: 0 },
) {
  return http.get(TRANSLATION_GAPS_URL, () => {
    calls.count += 1;
    return HttpResponse.json(typeof gaps === 'function' ? gaps() : gaps);
  });
}
