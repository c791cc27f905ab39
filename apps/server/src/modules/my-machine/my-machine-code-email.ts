import { type Locale, MY_MACHINE_CODE_TTL_MS } from '@capstan/shared';
import { serverTranslator } from '../../i18n/server-translator';
import { emailPage, escapeHtml, htmlMessage, oneLine } from '../mail/email-parts';
import type { NewOutboxMessage } from '../mail/outbox.repository';

export const MY_MACHINE_CODE_EMAIL = 'my-machine.code';

export interface MyMachineCodeEmailInput {
  code: string;
  serial: string;
  /** The contact person on record. */
  name: string;
  email: string;
  companyName: string;
  /** The installation's language. */
  locale: Locale;
}

/**
 * The one-time code, to the address on record, in the customer's language. The code is in the
 * body only: the subject is what the back office's outbox lists.
 */
export function myMachineCodeEmail({
  code,
  serial,
  name,
  email,
  companyName,
  locale,
}: MyMachineCodeEmailInput): NewOutboxMessage {
  const tr = serverTranslator(locale);
  const greeting = tr.t('myMachine.codeGreeting', { name: oneLine(name) });
  const intro = { serial: oneLine(serial), code };
  const validity = tr.t('myMachine.codeValidity', { minutes: MY_MACHINE_CODE_TTL_MS / 60_000 });
  const neverAsk = tr.t('myMachine.codeNeverAsk', { company: oneLine(companyName) });
  const notYou = tr.t('myMachine.codeNotYou');
  const regards = tr.t('myMachine.codeRegards');
  const text = [
    greeting,
    '',
    tr.t('myMachine.codeIntro', intro),
    validity,
    '',
    neverAsk,
    '',
    notYou,
    '',
    regards,
    companyName,
  ].join('\n');
  const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = emailPage(
    paragraph(greeting) +
      `<p>${htmlMessage(tr, 'myMachine.codeIntro', intro, {
        code: `<strong style="font-size:20px;letter-spacing:2px">${escapeHtml(code)}</strong>`,
      })}</p>` +
      paragraph(validity) +
      `<p><strong>${escapeHtml(neverAsk)}</strong></p>` +
      paragraph(notYou) +
      `<p>${escapeHtml(regards)}<br>${escapeHtml(companyName)}</p>`,
    locale,
  );
  return {
    kind: MY_MACHINE_CODE_EMAIL,
    inquiryId: null,
    recipients: [email],
    replyTo: null,
    subject: oneLine(tr.t('myMachine.codeSubject', { serial })),
    text,
    html,
  };
}
