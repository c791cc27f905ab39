import { describe, expect, it } from 'vitest';
import { adminTranslatorFor } from '@/testing/locale';
import { ADMIN_ENGLISH } from './admin';
import { REFUSAL_PATTERNS, translateAdminRefusal } from './admin-validation';

/** A value each named group accepts: most take digits, these take words. */
const SAMPLE_VALUES: Record<string, string> = { kind: 'machine', role: 'owner' };

const tamil = adminTranslatorFor('ta');
const hindi = adminTranslatorFor('hi');

describe("translateAdminRefusal: the back office's refusals in the person's language", () => {
  it('says a fixed refusal of the schemas or the server in Tamil and Hindi', () => {
    expect(translateAdminRefusal(tamil, 'Passwords do not match')).toBe('கடவுச்சொற்கள் பொருந்தவில்லை');
    expect(translateAdminRefusal(hindi, 'Current password is incorrect')).toBe('मौजूदा पासवर्ड ग़लत है');
    expect(
      translateAdminRefusal(hindi, 'This item was changed by someone else — reload to see the latest version.'),
    ).toBe('इस आइटम को इस बीच किसी और ने बदल दिया है — नया वर्ज़न देखने के लिए फिर से लोड करें।');
  });

  it("knows the public forms' refusals too (one lookup for staff)", () => {
    expect(translateAdminRefusal(tamil, 'Enter a valid email address')).toBe('சரியான மின்னஞ்சல் முகவரியை உள்ளிடவும்');
    expect(translateAdminRefusal(hindi, 'Please choose a rating from 1 to 5 stars')).toBe(
      'कृपया 1 से 5 स्टार में से रेटिंग चुनें',
    );
  });

  it('reads the values of a refusal with a value inside', () => {
    expect(translateAdminRefusal(tamil, 'A machine with code NP-38 already exists.')).toBe(
      'NP-38 என்ற குறியீட்டுடன் ஒரு மெஷின் ஏற்கனவே உள்ளது.',
    );
    expect(translateAdminRefusal(hindi, 'A spare part with code NP38-COL-25 already exists.')).toBe(
      'कोड NP38-COL-25 वाला स्पेयर पार्ट पहले से मौजूद है।',
    );
    expect(translateAdminRefusal(hindi, 'CNC lathes still has 1 machine; move them to another category first.')).toBe(
      'CNC lathes में अभी भी 1 मशीन है; पहले उसे किसी और कैटेगरी में ले जाएँ।',
    );
    expect(translateAdminRefusal(hindi, 'CNC lathes still has 3 machines; move them to another category first.')).toBe(
      'CNC lathes में अभी भी 3 मशीनें हैं; पहले उन्हें किसी और कैटेगरी में ले जाएँ।',
    );
    expect(translateAdminRefusal(tamil, 'Specification "Swing over bed" appears twice')).toBe(
      '"Swing over bed" விவரக்குறிப்பு இரண்டு முறை உள்ளது',
    );
  });

  it("says a field's label in the language too, and keeps a file's name as it is", () => {
    expect(translateAdminRefusal(tamil, 'Tagline must be at most 200 characters')).toBe(
      'டேக்லைன் அதிகபட்சம் 200 எழுத்துகள் இருக்கலாம்',
    );
    expect(translateAdminRefusal(hindi, 'Address line is required')).toBe('पते की लाइन ज़रूरी है');
    expect(translateAdminRefusal(hindi, 'At most 5 address lines')).toBe('पते की लाइन: अधिकतम 5');
    expect(translateAdminRefusal(tamil, 'Machine not found')).toBe('மெஷின் கிடைக்கவில்லை');
    expect(translateAdminRefusal(hindi, '"holiday.heic" is too large (at most 40 megapixels)')).toBe(
      '"holiday.heic": बहुत बड़ी है (अधिकतम 40 मेगापिक्सल)',
    );
    expect(translateAdminRefusal(tamil, 'The image is too large (at most 40 megapixels)')).toBe(
      'இந்தப் படம்: மிகப் பெரியது (அதிகபட்சம் 40 மெகாபிக்சல்)',
    );
  });

  it("keeps the field's path of the server's own request check", () => {
    expect(translateAdminRefusal(tamil, 'translations.ta.name: Name must be at most 200 characters')).toBe(
      'translations.ta.name: பெயர் அதிகபட்சம் 200 எழுத்துகள் இருக்கலாம்',
    );
  });

  it('leaves a refusal it does not know, or with a label it does not know, as sent', () => {
    expect(translateAdminRefusal(tamil, 'Something else went wrong')).toBe('Something else went wrong');
    expect(translateAdminRefusal(hindi, 'Colour is required')).toBe('Colour is required');
    expect(translateAdminRefusal(tamil, 'name: Colour is required')).toBe('name: Colour is required');
    expect(translateAdminRefusal(tamil, undefined)).toBeUndefined();
  });

  it('leaves English exactly as sent', () => {
    for (const message of [
      'Passwords do not match',
      'A machine with code NP-38 already exists.',
      'Tagline is required',
    ]) {
      expect(translateAdminRefusal(ADMIN_ENGLISH, message)).toBe(message);
      expect(translateAdminRefusal(adminTranslatorFor('en'), message)).toBe(message);
    }
  });

  it("reads every pattern's own English message back, and says it in Tamil and Hindi", () => {
    const unread: string[] = [];
    for (const { pattern, key } of REFUSAL_PATTERNS) {
      // Every value '12' (the patterns' numbers are digits), a label the catalogue knows, a kind, a role.
      const names = [...pattern.source.matchAll(/\(\?<(\w+)>/g)].map((match) => match[1] ?? '');
      const samples = ['Tagline', 'The image'].map((label) =>
        ADMIN_ENGLISH.t(
          key,
          Object.fromEntries(names.map((name) => [name, name === 'label' ? label : (SAMPLE_VALUES[name] ?? '12')])),
        ),
      );
      const english = samples.find((sample) => pattern.test(sample));
      if (english === undefined || [tamil, hindi].some((to) => translateAdminRefusal(to, english) === english)) {
        unread.push(key);
      }
    }
    expect(unread).toEqual([]);
  });
});

describe('the staff screen’s answers to a change, in the person’s language', () => {
  it('says who was invited, disabled, given a role or had two-factor sign-in reset', () => {
    expect(translateAdminRefusal(hindi, 'ravi@kovai.example is now sales.')).toBe('ravi@kovai.example अब सेल्स हैं।');
    expect(translateAdminRefusal(tamil, 'ravi@kovai.example is now owner.')).toBe(
      'ravi@kovai.example இப்போது உரிமையாளர் பொறுப்பில் உள்ளார்.',
    );
    expect(translateAdminRefusal(hindi, 'ravi@kovai.example is disabled.')).toBe(
      'ravi@kovai.example का खाता बंद कर दिया गया है।',
    );
    expect(
      translateAdminRefusal(
        tamil,
        'Invited ravi@kovai.example. Pass the password on privately; it is shown only this once.',
      ),
    ).toMatch(/^ravi@kovai\.example அழைக்கப்பட்டார்\./);
    expect(
      translateAdminRefusal(hindi, 'Two-factor sign-in is off for ravi@kovai.example; their sessions have ended.'),
    ).toBe('ravi@kovai.example के लिए टू-फ़ैक्टर साइन-इन बंद है; उनके सेशन ख़त्म कर दिए गए हैं।');
    // English is said as the server sent it.
    expect(translateAdminRefusal(ADMIN_ENGLISH, 'ravi@kovai.example is now editor.')).toBe(
      'ravi@kovai.example is now editor.',
    );
  });
});
