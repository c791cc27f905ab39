import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreateInquiryResponse, INQUIRY_LOCALE_MESSAGE, type Locale } from '@capstan/shared';
import { followUpDigestJob } from '../../src/modules/inquiries/follow-up-digest-job';
import { currentCompanySettings } from '../../src/modules/site/site-settings.service';
import { ASSIGNMENT_NOTICE } from '../../src/modules/mail/assignment-email';
import { BACKUP_FAILED, enqueueBackupFailedEmails } from '../../src/modules/mail/backup-failed-email';
import { FOLLOW_UP_DIGEST } from '../../src/modules/mail/follow-up-digest-email';
import { ACKNOWLEDGEMENT, STAFF_NOTIFICATION } from '../../src/modules/mail/inquiry-emails';
import { ADMIN_EMAIL, bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { type ReceivedMail, TestSmtpServer, waitFor } from '../helpers/smtp';
import { signInAs, wholeState } from '../helpers/staff';

let smtp: TestSmtpServer;
let t: TestApp;
let ownerToken: string;

beforeAll(async () => {
  smtp = new TestSmtpServer();
  await smtp.start();
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Kovai Precision Machines <noreply@kovaiprecision.test>',
      MAIL_RETRY_MIN_SECONDS: '0.05',
    },
  });
  ownerToken = await t.login();
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

let nextAddress = 1;
const freshAddress = () => `10.81.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

const inquiry = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Kavitha',
  lastName: 'Raman',
  email: 'kavitha@mills.example.in',
  phone: '+91 98430 55555',
  product: 'CL-25 Capstan Lathe',
  message: 'Please quote two lathes for our Tiruppur unit.',
  ...overrides,
});

const post = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/inquiries', payload, remoteAddress: freshAddress() });

async function send(payload: Record<string, unknown>): Promise<CreateInquiryResponse> {
  const response = await post(payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreateInquiryResponse>();
}

/** A staff account that chose `locale` for the back office, signed in. */
async function colleague(email: string, locale: Locale) {
  const signedIn = await signInAs(t, 'sales', email);
  const chosen = await t.app.inject({
    method: 'PUT',
    url: '/api/auth/locale',
    headers: bearer(signedIn.token),
    payload: { locale },
  });
  expect(chosen.statusCode).toBe(200);
  const { id } = await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { ...signedIn, id };
}

const outboxOf = (inquiryId: string, kind: string) =>
  t.ctx.db
    .selectFrom('outbox')
    .selectAll()
    .where('inquiry_id', '=', inquiryId)
    .where('kind', '=', kind)
    .orderBy('created_at')
    .execute();

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`), as nodemailer writes a header that is not ASCII. */
function decodeHeader(value: string): string {
  const bytes: number[] = [];
  let decoded = '';
  const flush = () => {
    decoded += Buffer.from(bytes.splice(0)).toString('utf8');
  };
  const parts = value.split(/(=\?[^?]+\?[BQ]\?[^?]*\?=)/i).filter((part, index) => index % 2 === 1 || part.trim());
  for (const part of parts) {
    const word = /^=\?[^?]+\?([BQ])\?([^?]*)\?=$/i.exec(part);
    if (!word) {
      flush();
      decoded += part;
    } else if (word[1]!.toUpperCase() === 'B') {
      bytes.push(...Buffer.from(word[2]!, 'base64'));
    } else {
      const text = word[2]!.replace(/_/g, ' ');
      for (let i = 0; i < text.length; i++) {
        if (text[i] === '=') {
          bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
          i += 2;
        } else bytes.push(text.charCodeAt(i));
      }
    }
  }
  flush();
  return decoded;
}

const subjectOf = (mail: ReceivedMail) =>
  decodeHeader(/^Subject: ((?:.*)(?:\r?\n[ \t].*)*)/im.exec(mail.raw)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '');

/** The one email to `address` whose plain text names `reference`. */
async function mailTo(address: string, reference: string): Promise<ReceivedMail> {
  const found = () => smtp.received.filter((mail) => mail.to.includes(address) && mail.text.includes(reference));
  await waitFor(`the email to ${address} about ${reference}`, () => found().length > 0);
  expect(found()).toHaveLength(1);
  return found()[0]!;
}

describe("the buyer's acknowledgement is in the language of the page they asked from", () => {
  it('answers a Tamil page in Tamil: subject, greeting, body, phone, hours and sign-off', async () => {
    const { id, reference } = await send(inquiry({ email: 'tamil.buyer@mills.example.in', locale: 'ta' }));
    const row = await t.ctx.db.selectFrom('inquiries').select('locale').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.locale).toBe('ta');

    const mail = await mailTo('tamil.buyer@mills.example.in', reference);
    expect(subjectOf(mail)).toBe(`உங்கள் விசாரணை எங்களுக்குக் கிடைத்தது (${reference}) — Kovai Precision Machines`);
    expect(mail.text).toContain('அன்புள்ள Kavitha அவர்களுக்கு,');
    expect(mail.text).toContain('CL-25 Capstan Lathe குறித்த உங்கள் விசாரணைக்கு நன்றி.');
    expect(mail.text).toContain(`உங்கள் குறிப்பு எண் ${reference}.`);
    expect(mail.text).toContain('தொலைபேசி: +91 98430 12345');
    expect(mail.text).toContain('அலுவலக நேரம்: திங்கள் முதல் சனி வரை, காலை 9:00 முதல் இரவு 8:00 வரை');
    expect(mail.text).toContain('இப்படிக்கு,');
    expect(mail.text).not.toMatch(/Dear|Thank you|reference number|Business hours|Monday|Regards/);

    const [stored] = await outboxOf(id, ACKNOWLEDGEMENT);
    expect(stored?.html_body).toContain('<html lang="ta">');
    expect(stored?.html_body).toContain(`உங்கள் குறிப்பு எண் <strong>${reference}</strong>.`);
  });

  it('answers a Hindi page in Hindi', async () => {
    const { reference } = await send(inquiry({ email: 'hindi.buyer@mills.example.in', locale: 'hi' }));
    const mail = await mailTo('hindi.buyer@mills.example.in', reference);
    expect(subjectOf(mail)).toBe(`आपकी पूछताछ हमें मिल गई है (${reference}) — Kovai Precision Machines`);
    expect(mail.text).toContain('आदरणीय Kavitha जी,');
    expect(mail.text).toContain(`आपका रेफ़रेंस नंबर ${reference} है।`);
    expect(mail.text).toContain('कामकाज का समय: सोमवार से शनिवार, सुबह 9:00 बजे से रात 8:00 बजे तक');
    expect(mail.text).toContain('सादर,');
    expect(mail.text).not.toMatch(/Dear|Thank you|Business hours|Monday/);
  });

  it('answers in English when the page was English or did not say, storing no language', async () => {
    for (const [email, locale] of [
      ['english.page@mills.example.in', 'en'],
      ['no.language@mills.example.in', undefined],
    ] as const) {
      const { id, reference } = await send(inquiry({ email, ...(locale ? { locale } : {}) }));
      const row = await t.ctx.db
        .selectFrom('inquiries')
        .select('locale')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.locale).toBeNull();
      const mail = await mailTo(email, reference);
      expect(subjectOf(mail)).toBe(`We have received your inquiry (${reference}) — Kovai Precision Machines`);
      expect(mail.text).toContain('Dear Kavitha,');
      expect(mail.text).toContain('Business hours: Monday to Saturday 9:00 AM to 8:00 PM; Sunday 10:00 AM to 6:00 PM');
    }
  });

  it('refuses a language it does not know with a 400 on locale, and keeps nothing', async () => {
    await waitFor('the outbox to be idle', async () => {
      const busy = await t.ctx.db
        .selectFrom('outbox')
        .select('id')
        .where('status', 'in', ['pending', 'sending'])
        .execute();
      return busy.length === 0;
    });
    const before = await wholeState(t);
    for (const locale of ['fr', 'TA', 'ta-IN', 7, null]) {
      const response = await post(inquiry({ email: 'refused@mills.example.in', locale }));
      expect(response.statusCode, String(locale)).toBe(400);
      expect(response.json()).toMatchObject({
        issues: [expect.objectContaining({ path: ['locale'], message: INQUIRY_LOCALE_MESSAGE })],
      });
    }
    expect(await wholeState(t)).toEqual(before);
  });

  it('acknowledges the Tamil page’s form sent without JavaScript in Tamil', async () => {
    const form = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/contact',
        payload: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: freshAddress(),
      });
    const fields = {
      firstName: 'முருகன்',
      lastName: 'செல்வம்',
      email: 'murugan@mills.example.in',
      phone: '+91 98430 66666',
      service: '',
      message: 'இரண்டு லேத் மெஷின்கள் வேண்டும்.',
      locale: 'ta',
    };
    // Refused for a field: the form comes back still carrying its language.
    const refused = await form({ ...fields, phone: '' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('<input type="hidden" name="locale" value="ta">');
    // …and in it: the page, its labels and the refusal.
    expect(refused.body).toContain('<html lang="ta">');
    expect(refused.body).toContain('<h1>உங்கள் விசாரணை அனுப்பப்படவில்லை</h1>');
    expect(refused.body).toContain('>தொலைபேசி எண் தேவை<');
    expect(refused.body).toContain('<label for="firstName">முதல் பெயர்</label>');
    expect(refused.body).not.toContain('Phone is required');

    const thanked = await form(fields);
    expect(thanked.statusCode).toBe(200);
    expect(thanked.body).toContain('<h1>உங்கள் விசாரணைக்கு நன்றி!</h1>');
    expect(thanked.body).toMatch(/உங்கள் குறிப்பு எண் <strong>[A-Z0-9-]+<\/strong>\./);
    expect(thanked.body).toContain('<a class="button" href="/ta/">');
    const row = await t.ctx.db
      .selectFrom('inquiries')
      .select(['id', 'reference', 'locale'])
      .where('email', '=', 'murugan@mills.example.in')
      .executeTakeFirstOrThrow();
    expect(row.locale).toBe('ta');
    const mail = await mailTo('murugan@mills.example.in', row.reference!);
    expect(subjectOf(mail)).toContain('உங்கள் விசாரணை எங்களுக்குக் கிடைத்தது');
    expect(mail.text).toContain('அன்புள்ள முருகன் அவர்களுக்கு,');
    expect(mail.text).toContain('உங்கள் விசாரணைக்கு நன்றி.');
  });
});

describe('staff emails in each colleague’s language', () => {
  it('tells a Hindi-speaking colleague in Hindi and a plain address in English: one message per language', async () => {
    await colleague('meera@kovaiprecision.test', 'hi');
    const company = await currentCompanySettings(t.ctx.db);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/site/company',
      headers: bearer(ownerToken),
      // Matched whatever the case the address was typed in.
      payload: { ...company, notificationEmails: ['Meera@KovaiPrecision.test', 'leads@example.in', ADMIN_EMAIL] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const { id, reference } = await send(inquiry({ email: 'notify@mills.example.in' }));
      // Both are written in the same transaction, often in the same millisecond: their order is not the point.
      const rows = await outboxOf(id, STAFF_NOTIFICATION);
      const hindi = rows.find((row) => row.recipients.includes('Meera@'));
      const english = rows.find((row) => row !== hindi);
      expect(rows).toHaveLength(2);
      expect([hindi, english].map((row) => JSON.parse(row?.recipients ?? 'null') as string[])).toEqual([
        ['Meera@KovaiPrecision.test'],
        ['leads@example.in', ADMIN_EMAIL],
      ]);
      expect(hindi?.subject).toBe(`नई पूछताछ ${reference}: Kavitha Raman — CL-25 Capstan Lathe`);
      expect(hindi?.text_body).toContain(`वेबसाइट से नई पूछताछ ${reference} आई है।`);
      for (const line of ['नाम: Kavitha Raman', 'ईमेल: notify@mills.example.in', 'फ़ोन: +91 98430 55555']) {
        expect(hindi?.text_body).toContain(line);
      }
      expect(hindi?.text_body).toContain('प्रोडक्ट: CL-25 Capstan Lathe');
      expect(hindi?.text_body).toContain('संदेश:\nPlease quote two lathes for our Tiruppur unit.');
      expect(hindi?.text_body).toContain(`बैक ऑफ़िस में खोलें: http://127.0.0.1:3000/admin/inquiries/${id}`);
      expect(hindi?.html_body).toContain('<html lang="hi">');
      expect(hindi?.html_body).toContain(`वेबसाइट से नई पूछताछ <strong>${reference}</strong> आई है।`);
      expect(hindi?.text_body).not.toMatch(/New inquiry|Name:|Phone:|Product:/);
      expect(english?.subject).toBe(`New inquiry ${reference} from Kavitha Raman — CL-25 Capstan Lathe`);
      expect(english?.text_body).toContain('Name: Kavitha Raman');

      // Each sent once, to its own recipients.
      const staffMails = () =>
        smtp.received.filter((m) => m.text.includes(reference) && !m.to.includes('notify@mills.example.in'));
      await waitFor('both staff emails', () => staffMails().length === 2);
      const recipients = staffMails().map((mail) => mail.to.map((to) => to.toLowerCase()).sort());
      expect(recipients.sort()).toEqual(
        [[ADMIN_EMAIL, 'leads@example.in'].sort(), ['meera@kovaiprecision.test']].sort(),
      );
      // The buyer wrote from an English page: the acknowledgement stays English.
      expect((await outboxOf(id, ACKNOWLEDGEMENT))[0]?.subject).toContain('We have received your inquiry');
    } finally {
      const restored = await t.app.inject({
        method: 'PUT',
        url: '/api/site/company',
        headers: bearer(ownerToken),
        payload: { ...(await currentCompanySettings(t.ctx.db)), notificationEmails: [ADMIN_EMAIL] },
      });
      expect(restored.statusCode).toBe(200);
    }
  });

  it('emails an assignment to a Tamil-speaking colleague in Tamil', async () => {
    const selvi = await colleague('selvi@kovaiprecision.test', 'ta');
    const { id, reference } = await send(inquiry({ email: 'selvi.buyer@mills.example.in' }));
    const assigned = await t.app.inject({
      method: 'PUT',
      url: `/api/inquiries/${id}`,
      headers: bearer(ownerToken),
      payload: { assigneeId: selvi.id, followUpOn: '2026-12-01' },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const [notice] = await outboxOf(id, ASSIGNMENT_NOTICE);
    expect(notice?.subject).toBe(`உங்களிடம் ஒப்படைக்கப்பட்டது: விசாரணை ${reference}, Kavitha Raman — CL-25 Capstan Lathe`);
    expect(notice?.text_body).toContain(`${ADMIN_EMAIL} விசாரணை ${reference}-ஐ உங்களிடம் ஒப்படைத்துள்ளார்.`);
    expect(notice?.text_body).toContain('வாடிக்கையாளர்: Kavitha Raman');
    expect(notice?.text_body).toMatch(/பின்தொடர வேண்டிய நாள்: 1 டிச\.?,? 2026/);
    expect(notice?.text_body).not.toMatch(/Buyer|assigned|Follow up on|Message/);

    const mail = await mailTo('selvi@kovaiprecision.test', reference);
    expect(subjectOf(mail)).toContain('உங்களிடம் ஒப்படைக்கப்பட்டது');
    expect(mail.text).toContain('பேக் ஆபீஸில் திறக்க:');
  });

  it("sends each colleague's follow-up digest in their language", async () => {
    const kumar = await colleague('kumar@kovaiprecision.test', 'hi');
    const { id } = await send(inquiry({ email: 'digest@mills.example.in', firstName: 'Digest' }));
    const assigned = await t.app.inject({
      method: 'PUT',
      url: `/api/inquiries/${id}`,
      headers: bearer(ownerToken),
      payload: { assigneeId: kumar.id, followUpOn: '2026-11-20' },
    });
    expect(assigned.statusCode).toBe(200);
    await followUpDigestJob(t.ctx).run('2026-11-27', new Date('2026-11-27T03:00:00Z'));
    const digests = await t.ctx.db.selectFrom('outbox').selectAll().where('kind', '=', FOLLOW_UP_DIGEST).execute();
    const toKumar = digests.find((row) => row.recipients.includes(kumar.email));
    expect(toKumar?.subject).toMatch(/के फ़ॉलो-अप: आज फ़ॉलो-अप के लिए 1 पूछताछ \(1 ओवरड्यू\)$/);
    expect(toKumar?.text_body).toMatch(/Digest Raman, CL-25 Capstan Lathe — .+ से ओवरड्यू/);
  });

  it('tells each owner of a failed backup in their language', async () => {
    const meera = 'meera@kovaiprecision.test';
    const ids = await enqueueBackupFailedEmails(
      t.ctx.db,
      {
        recipients: [ADMIN_EMAIL, meera],
        startedAt: new Date('2026-11-27T20:30:00Z'),
        trigger: 'scheduled',
        error: 'No space left on device',
        adminUrl: 'http://127.0.0.1:3000/admin/site/backups',
      },
      new Date().toISOString(),
    );
    const rows = await t.ctx.db.selectFrom('outbox').selectAll().where('id', 'in', ids).execute();
    const byRecipient = new Map(rows.map((row) => [row.recipients, row]));
    expect(rows.every((row) => row.kind === BACKUP_FAILED)).toBe(true);
    expect(byRecipient.get(JSON.stringify([ADMIN_EMAIL]))?.subject).toBe('Backup failed: 28 Nov 2026, 2:00 am');
    const hindi = byRecipient.get(JSON.stringify([meera]));
    expect(hindi?.subject).toMatch(/^बैकअप फ़ेल: /);
    expect(hindi?.text_body).toContain('रोज़ का बैकअप (');
    expect(hindi?.text_body).toContain('कारण: No space left on device');
  });
});

describe('the inquiries CSV in the reader’s language', () => {
  const header = async (token: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/inquiries/export', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response.rawPayload.toString('utf8').split('\r\n')[0];
  };

  it('heads the columns in Hindi for a Hindi-speaking colleague, and exactly as before in English', async () => {
    const priya = await colleague('priya.csv@kovaiprecision.test', 'hi');
    await send(inquiry({ email: 'csv@mills.example.in', firstName: 'मीना' }));
    expect(await header(priya.token)).toBe(
      '\uFEFF"रेफ़रेंस नंबर","कब आई (IST)","स्टेटस","पहला नाम","अंतिम नाम","ईमेल","फ़ोन","सेवा","प्रोडक्ट","आइटम","संदेश",' +
        '"किसे सौंपी","फ़ॉलो-अप की तारीख","नोट्स"',
    );
    expect(await header(ownerToken)).toBe(
      '\uFEFF"Reference","Received (IST)","Status","First name","Last name","Email","Phone","Service","Product","Items","Message",' +
        '"Assigned to","Follow up on","Notes"',
    );
    // Values are as stored, whoever reads them.
    const body = (
      await t.app.inject({ method: 'GET', url: '/api/inquiries/export', headers: bearer(priya.token) })
    ).rawPayload.toString('utf8');
    expect(body).toContain('"मीना","Raman","csv@mills.example.in"');
    expect(body).toContain('"new"');
  });
});
