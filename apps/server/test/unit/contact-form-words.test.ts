import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The page a visitor without JavaScript gets back from the contact form says the form's words and
// refusals as the app's form does: the same texts in every language, held together here.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, string>;

const SAME_AS_APP: [server: string, namespace: string, app: string][] = [
  ['thanksTitle', 'contact', 'thanksTitle'],
  ['thanksText', 'contact', 'thanksText'],
  ['firstName', 'contact', 'firstName'],
  ['lastName', 'contact', 'lastName'],
  ['email', 'contact', 'emailField'],
  ['phone', 'contact', 'phoneField'],
  ['message', 'contact', 'message'],
  ['selectService', 'contact', 'selectService'],
  ['send', 'contact', 'send'],
  ['serviceMachine', 'contact', 'serviceOtherMachines'],
  ['serviceSpareParts', 'contact', 'serviceSpareParts'],
  ['serviceServices', 'contact', 'serviceEngineering'],
  ['serviceMaintenance', 'contact', 'serviceMaintenance'],
  ['serviceGeneral', 'contact', 'serviceGeneral'],
  ['refusalFirstNameRequired', 'validation', 'firstNameRequired'],
  ['refusalLastNameRequired', 'validation', 'lastNameRequired'],
  ['refusalPhoneRequired', 'validation', 'phoneRequired'],
  ['refusalMessageRequired', 'validation', 'messageRequired'],
  ['refusalEmailInvalid', 'validation', 'emailInvalid'],
  ['refusalPhoneInvalid', 'validation', 'phoneInvalid'],
  ['refusalServiceUnknown', 'validation', 'serviceUnknown'],
];

describe('the no-JavaScript contact pages’ words', () => {
  for (const locale of ['en', 'ta', 'hi']) {
    it(`are the app form’s in ${locale}`, () => {
      const server = read(`apps/server/src/locales/${locale}/contactForm.json`);
      for (const [key, namespace, appKey] of SAME_AS_APP) {
        const app = read(`apps/web/src/locales/${locale}/${namespace}.json`);
        expect({ key, text: server[key] }).toEqual({ key, text: app[appKey] });
      }
    });
  }
});
