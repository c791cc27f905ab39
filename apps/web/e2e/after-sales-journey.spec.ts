import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { indianToday, SERVICE_REFERENCE_PATTERN, warrantyEndsOn } from '@capstan/shared';
import { CRASH_ADMIN_EMAIL, CRASH_ADMIN_PASSWORD, ServerProcess } from '../../server/test/helpers/server-process';
import { type ReceivedMail, TestSmtpServer, waitFor } from '../../server/test/helpers/smtp';
import { expect, gotoReady, loginAsAdmin, pngFile, test, watchPageProblems } from './fixtures';

/*
 * Issue 40 end to end, as the people in it would do it, through a server of its own whose emails go
 * to a real SMTP server on loopback: staff register a machine and its AMC, a buyer on a phone
 * without JavaScript raises a breakdown call in Tamil, staff take it to a closed report (the PDF is
 * emailed), and the buyer follows the machine in My machine with a one-time code.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

const SERIAL = 'NP38-2608-0571';
/** The buyer types it as people do: small letters, a stray space. */
const SERIAL_AS_TYPED = 'np38-2608 -0571';
const MODEL = 'NP-38 All-Geared Capstan Lathe';
const CUSTOMER = {
  company: 'Kongu Turned Components',
  contactName: 'R. Palanisamy',
  phone: '+91 98430 55501',
  /** The same number as the buyer writes it: a leading 0, no +91. */
  phoneAsTyped: '098430 55501',
  email: 'palanisamy@kongu-turned.example.in',
};
const ENGINEER = CRASH_ADMIN_EMAIL.split('@')[0]!;
/** A spare part of the demo catalogue that fits the NP-38. */
const PART = { name: 'Spring Collet 16 mm Round Bore', code: 'NP38-COL-16' };
const PHONE_VIEWPORT = { width: 390, height: 844 };

type Catalogue = Record<string, string>;
const catalogue = async (file: string): Promise<Catalogue> =>
  JSON.parse(await fs.readFile(path.join(repoRoot, file), 'utf8')) as Catalogue;
/** A message whose placeholders are all given (no plurals): filled in as the translator would. */
const fill = (message: string | undefined, values: Record<string, string>): string => {
  if (message === undefined) throw new Error('a message the spec reads is missing from its catalogue');
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
};

let dataDir: string;
let server: ServerProcess;
const smtp = new TestSmtpServer();
let webTa: Catalogue;
let deskTa: Catalogue;
let deskEn: Catalogue;
let myMachineTa: Catalogue;

test.beforeAll(async () => {
  // A first start seeds the demo catalogue; on a loaded machine that is tens of seconds.
  test.setTimeout(120_000);
  [webTa, deskTa, deskEn, myMachineTa] = await Promise.all([
    catalogue('apps/web/src/locales/ta/on-demand/service.json'),
    catalogue('apps/server/src/locales/ta/serviceDesk.json'),
    catalogue('apps/server/src/locales/en/serviceDesk.json'),
    catalogue('apps/server/src/locales/ta/myMachine.json'),
  ]);
  await smtp.start();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'e2e-after-sales-'));
  server = await ServerProcess.start(dataDir, {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Kovai Precision Machines <noreply@example.com>',
    MAIL_RETRY_MIN_SECONDS: '1',
    // The demo catalogue's machines are the models, its spare parts what fits them.
    SEED_DEMO: 'true',
    // Sign-in at the test suite's cost: this journey is about the register, not password hashing.
    TEST_SCRYPT_LOG2N: '12',
    WEB_DIST_DIR: path.join(repoRoot, 'apps/web/dist'),
    WEB_SSR_ENTRY: path.join(repoRoot, 'apps/web/dist-ssr/entry-server.js'),
  });
  // The demo items get their pictures just after "Serving": ready once the server says so.
  await waitFor('the demo pictures', () => /Demo pictures ready/.test(server.log), 90_000);
});

test.afterAll(async () => {
  await server?.stop();
  await smtp.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** A browser context on this spec's server, motion reduced as the suite's own pages have it. */
const contextOn = (browser: Browser, options: BrowserContextOptions = {}) =>
  browser.newContext({ baseURL: server.url, reducedMotion: 'reduce', ...options });

/** A day as the back office prints it (labels.ts): a day in India, in the reader's language. */
const adminDay = (page: Page, day: string) =>
  page.evaluate(
    (iso) =>
      new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }).format(
        new Date(`${iso}T12:00:00+05:30`),
      ),
    day,
  );

/** A day as the public pages print it (features/service/lib/dates.ts). */
const publicDay = (page: Page, day: string) =>
  page.evaluate(
    (iso) =>
      new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`)),
    day,
  );

const mailsTo = (address: string, about: string): ReceivedMail[] =>
  smtp.received.filter((mail) => mail.to.includes(address) && mail.text.includes(about));

/** Waits for the one email to `address` whose text says `says`, and answers it. */
async function mailSaying(what: string, address: string, says: string): Promise<ReceivedMail> {
  await waitFor(what, () => mailsTo(address, says).length > 0, 20_000);
  const mails = mailsTo(address, says);
  expect(mails, `${what}: sent once`).toHaveLength(1);
  return mails[0]!;
}

/** The one-time codes emailed to the customer, in the machine's language (Tamil, as registered). */
function emailedCodes(): string[] {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const [before = '', after = ''] = fill(myMachineTa.codeIntro, { serial: SERIAL }).split('{code}');
  const said = new RegExp(`${escape(before)}(\\d{6})${escape(after)}`);
  return smtp.received.flatMap((mail) => {
    const code = mail.to.includes(CUSTOMER.email) ? said.exec(mail.text)?.[1] : undefined;
    return code ? [code] : [];
  });
}

/** The attachments of a MIME message as nodemailer writes it: each part's headers and decoded base64 body. */
function attachmentsOf(raw: string): { headers: string; bytes: Buffer }[] {
  // Split on the boundary lines; an attachment is a leaf part, so its body runs to the next one.
  return raw
    .split(/\r?\n--[^\r\n]+\r?\n/)
    .slice(1)
    .flatMap((part) => {
      const blank = /\r?\n\r?\n/.exec(part);
      if (!blank) return [];
      const headers = part.slice(0, blank.index);
      if (!/Content-Disposition:\s*attachment/i.test(headers)) return [];
      const body = part.slice(blank.index + blank[0].length);
      return [{ headers, bytes: Buffer.from(body.replace(/\s+/g, ''), 'base64') }];
    });
}

/** The PDF's text, read by poppler's pdftotext when the machine has it; null when it has not. */
async function pdfText(bytes: Buffer): Promise<string | null> {
  const file = path.join(dataDir, 'report.pdf');
  await fs.writeFile(file, bytes);
  try {
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    return stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

test('a machine registered, a breakdown call raised without JavaScript, closed with a report, and followed in My machine', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const today = indianToday();
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  // About three months ago (a day early in the month, so every month has it).
  const commissionedOn = new Date(Date.UTC(year, month - 1 - 3, Math.min(day, 28))).toISOString().slice(0, 10);
  const warrantyEnd = warrantyEndsOn(commissionedOn, 24);
  const amcEnd = warrantyEndsOn(commissionedOn, 12);
  const visitOn = new Date(Date.UTC(year, month - 1, day + 2)).toISOString().slice(0, 10);

  const staffContext = await contextOn(browser);
  const staff = await staffContext.newPage();
  const staffProblems = watchPageProblems(staff);
  await loginAsAdmin(staff, { email: CRASH_ADMIN_EMAIL, password: CRASH_ADMIN_PASSWORD });
  const nav = staff.getByRole('navigation', { name: 'Admin' });

  await test.step('staff register the machine; its page shows the warranty’s end', async () => {
    await nav.getByRole('link', { name: 'Installed machines' }).click();
    await staff.getByRole('link', { name: 'Register a machine' }).click();
    const form = staff.getByRole('form', { name: 'Register a machine' });
    await form.getByLabel('Serial number').fill(SERIAL);
    await form.getByLabel('Model').selectOption({ label: `${MODEL} (NP-38)` });
    await form.getByLabel('Commissioning date').fill(commissionedOn);
    // Warranty left empty: the default of 24 months.
    await expect(form.getByLabel('Warranty (months)')).toHaveValue('');
    await form.getByLabel('Company').fill(CUSTOMER.company);
    await form.getByLabel('Contact person').fill(CUSTOMER.contactName);
    await form.getByLabel('Phone', { exact: true }).fill(CUSTOMER.phone);
    await form.getByLabel('Email', { exact: true }).fill(CUSTOMER.email);
    await form.getByLabel('State', { exact: true }).selectOption('33');
    await form.getByLabel('Language of emails').selectOption('ta');
    const endsOn = await adminDay(staff, warrantyEnd);
    await expect(form.getByTestId('warranty-end')).toHaveText(`The warranty ends on ${endsOn}.`);
    await form.getByRole('button', { name: 'Register machine' }).click();

    await expect(staff.getByRole('heading', { level: 1, name: SERIAL })).toBeVisible();
    await expect(staff.getByText(MODEL, { exact: true })).toBeVisible();
    const machine = staff.getByRole('region', { name: 'Machine', exact: true });
    await expect(machine).toContainText(`Until ${endsOn} (24 months)`);
    await expect(machine.locator('[data-warranty="in"]')).toHaveText('In warranty');
    const customer = staff.getByRole('region', { name: 'Customer', exact: true });
    await expect(customer).toContainText('Tamil Nadu');
    await expect(customer).toContainText('தமிழ்');
  });

  await test.step('staff add an AMC contract and record a visit: visits done and left', async () => {
    await staff.getByRole('button', { name: 'Add AMC contract' }).click();
    const form = staff.getByRole('form', { name: 'New AMC contract' });
    await form.getByLabel('Start date').fill(commissionedOn);
    await form.getByLabel('End date').fill(amcEnd);
    await form.getByLabel('Visits included').fill('4');
    await form.getByLabel('Value (₹)').fill('45000');
    await form.getByRole('button', { name: 'Add AMC contract' }).click();
    await expect(form).toHaveCount(0);

    const period = `${await adminDay(staff, commissionedOn)} to ${await adminDay(staff, amcEnd)}`;
    const contract = staff.getByRole('article', { name: `AMC contract ${period}` });
    await expect(contract.locator('[data-amc]')).toHaveText('Active');
    await contract.getByRole('button', { name: 'Record a visit' }).click();
    const visit = contract.getByRole('form', { name: 'Record a visit' });
    await expect(visit.getByLabel('Visit date')).toHaveValue(today);
    const engineer = visit.getByLabel('Engineer', { exact: true });
    await expect(engineer.getByRole('option', { name: ENGINEER, exact: true })).toHaveCount(1);
    await engineer.selectOption({ label: ENGINEER });
    await visit.getByLabel('What was done').fill('Quarterly check: spindle bearings, turret indexing, lubrication.');
    await visit.getByRole('button', { name: 'Record a visit' }).click();
    await expect(visit).toHaveCount(0);

    await expect(contract.getByTestId('amc-visit')).toHaveCount(1);
    await expect(contract.getByTestId('amc-visit')).toContainText(`${await adminDay(staff, today)}: ${ENGINEER}`);
    await expect(contract.getByText('Visits done').locator('..')).toContainText('1');
    await expect(contract.getByTestId('visits-left')).toHaveText('3');
  });

  let reference = '';
  await test.step('a buyer on a phone without JavaScript raises a breakdown call in Tamil', async () => {
    const phone = await contextOn(browser, { viewport: PHONE_VIEWPORT, javaScriptEnabled: false });
    const buyer = await phone.newPage();
    const problems = watchPageProblems(buyer);
    await buyer.goto('/ta/service');
    const form = buyer.getByRole('form', { name: webTa.formLabel });
    await form.getByLabel(webTa.serial!).fill(SERIAL_AS_TYPED);
    await form.getByLabel(webTa.phone!).fill(CUSTOMER.phoneAsTyped);
    await form.getByLabel(webTa.name!).fill('பழனிசாமி');
    await form.getByLabel(webTa.symptom!).fill('ஸ்பிண்டில் சுழலவில்லை; கன்ட்ரோலில் அலார்ம் 1012 தெரிகிறது.');
    await form.getByRole('checkbox', { name: webTa.machineDown }).check();
    await form.locator('input[type="file"]').setInputFiles(await pngFile('alarm-screen.png', { r: 200, g: 40, b: 40 }));
    await form.getByRole('button', { name: webTa.send }).click();

    await expect(buyer.getByRole('heading', { level: 1 })).toHaveText(deskTa.thanksTitle!);
    reference = ((await buyer.locator('p.reference').textContent()) ?? '').trim();
    expect(reference).toMatch(SERVICE_REFERENCE_PATTERN);
    await phone.close();
    expect(problems).toEqual([]);

    // No email was typed: the acknowledgement goes to the address on record, in Tamil.
    const acknowledgement = await mailSaying(
      'the acknowledgement',
      CUSTOMER.email,
      fill(deskTa.receivedReference, { reference }),
    );
    expect(acknowledgement.text).toContain(fill(deskTa.receivedIntro, { serial: SERIAL }));
    expect(acknowledgement.text).toContain(deskTa.receivedDown);
  });

  await test.step('staff take the request to a closed report', async () => {
    await nav.getByRole('link', { name: 'Service requests' }).click();
    const row = staff.getByTestId('service-request-row').filter({ hasText: reference });
    await expect(row).toContainText(SERIAL);
    await expect(row).toContainText(MODEL);
    await expect(row.locator('[data-badge="machine-down"]')).toHaveText('Machine down');
    await expect(row.locator('[data-badge="unregistered"]')).toHaveCount(0);
    await row.getByRole('link', { name: reference }).click();

    await expect(staff.getByRole('heading', { level: 1 })).toContainText(reference);
    await expect(staff.getByRole('img', { name: `Photo 1 of 1 sent with ${reference}` })).toBeVisible();
    await expect(staff.getByRole('link', { name: `Open machine ${SERIAL} in the register` })).toBeVisible();

    const flow = staff.getByRole('region', { name: 'Next step' });
    // The staff who take service calls are offered (the admin, an owner, among them).
    await expect(flow.getByLabel('Engineer').getByRole('option', { name: ENGINEER, exact: true })).toHaveCount(1);
    await flow.getByLabel('Engineer').selectOption({ label: ENGINEER });
    await flow.getByRole('button', { name: 'Assign' }).click();
    await expect(staff.getByRole('heading', { level: 1 }).locator('[data-status]')).toHaveText('Assigned');
    await mailSaying('the engineer’s email', CRASH_ADMIN_EMAIL, fill(deskEn.engineerIntroNoAssigner, { reference }));
    await mailSaying(
      'the customer’s email about the engineer',
      CUSTOMER.email,
      fill(deskTa.assignedIntro, { reference, engineer: ENGINEER }),
    );

    await flow.getByLabel('Visit date').fill(visitOn);
    await flow.getByRole('button', { name: 'Schedule visit' }).click();
    await expect(staff.getByRole('heading', { level: 1 }).locator('[data-status]')).toHaveText('Visit scheduled');
    const [scheduledBefore] = deskTa.scheduledIntro!.split('{date}');
    await mailSaying('the customer’s email about the visit', CUSTOMER.email, fill(scheduledBefore, { reference }));

    await flow.getByRole('button', { name: 'Mark resolved' }).click();
    await expect(staff.getByRole('heading', { level: 1 }).locator('[data-status]')).toHaveText('Resolved');
    await mailSaying('the customer’s email about the fix', CUSTOMER.email, fill(deskTa.resolvedIntro, { reference }));

    const report = staff.getByRole('form', { name: 'Service report' });
    await report.getByLabel('Work done').fill('Replaced the spindle drive belt and the worn collet; reset alarm 1012.');
    await report.getByLabel('Add a spare part from the catalogue').fill(PART.code);
    await report.getByRole('button', { name: `Add ${PART.name} (${PART.code})` }).click();
    await expect(report.getByLabel('Part, line 1')).toHaveValue(`${PART.name} (${PART.code})`);
    await report.getByLabel('Time spent (hours)').fill('2.5');
    await report.getByRole('button', { name: 'Close with report' }).click();

    await expect(staff.getByRole('heading', { level: 1 }).locator('[data-status]')).toHaveText('Closed');
    await expect(flow.getByRole('button', { name: 'Download the service report (PDF)' })).toBeVisible();
    await expect(staff.getByRole('cell', { name: `${PART.name} (${PART.code})` })).toBeVisible();
    await expect(staff.getByText('2.5 hours')).toBeVisible();
    const timeline = staff.getByRole('list', { name: 'Timeline' }).getByTestId('timeline-event');
    await expect(timeline.first()).toContainText('Request received');
    await expect(timeline.filter({ hasText: `Assigned to ${ENGINEER}` })).toHaveCount(1);
    await expect(timeline.filter({ hasText: `Visit scheduled for ${await adminDay(staff, visitOn)}` })).toHaveCount(1);
    await expect(timeline.last()).toContainText('Closed with the service report');

    const closing = await mailSaying('the closing email', CUSTOMER.email, fill(deskTa.closedIntro, { reference }));
    const pdfs = attachmentsOf(closing.raw).filter((part) => /application\/pdf/i.test(part.headers));
    expect(pdfs).toHaveLength(1);
    const pdf = pdfs[0]!.bytes;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);
    if (text !== null) {
      expect(text).toContain(reference);
      expect(text).toContain(SERIAL);
    }
  });

  await test.step('the buyer follows the machine in My machine with a one-time code', async () => {
    const phone = await contextOn(browser, { viewport: PHONE_VIEWPORT });
    const buyer = await phone.newPage();
    const problems = watchPageProblems(buyer);
    await gotoReady(buyer, '/my-machine');
    const identify = buyer.getByRole('form', { name: 'Find your machine' });
    await identify.getByLabel('Serial number').fill(SERIAL_AS_TYPED);
    await identify.getByLabel('Phone number').fill(CUSTOMER.phoneAsTyped);
    await identify.getByRole('button', { name: 'Email me a code' }).click();

    const codeForm = buyer.getByRole('form', { name: 'Enter the code' });
    await expect(codeForm.getByLabel('6-digit code')).toBeVisible();
    await waitFor('the code email', () => emailedCodes().length > 0, 20_000);
    const codes = emailedCodes();
    expect(codes, 'one code email').toHaveLength(1);
    const code = codes[0]!;

    // A wrong code first: refused in words that do not say whether the serial exists.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await codeForm.getByLabel('6-digit code').fill(wrong);
    await codeForm.getByRole('button', { name: 'Open my machine' }).click();
    await expect(codeForm.getByRole('alert')).toHaveText('That code is not right or has expired. Ask for a new code.');
    // The browser logs the refused check itself; nothing else may have gone wrong.
    expect(problems).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    problems.length = 0;
    // The same answer, word for word, for a serial nobody registered.
    const check = async (serial: string) => {
      const response = await fetch(`${server.url}/api/my-machine/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ serial, phone: CUSTOMER.phoneAsTyped, code: wrong }),
      });
      return { status: response.status, body: await response.text() };
    };
    expect(await check('NP38-0000-0000')).toEqual(await check(SERIAL));
    await codeForm.getByLabel('6-digit code').fill(code);
    await codeForm.getByRole('button', { name: 'Open my machine' }).click();

    await expect(buyer.getByRole('heading', { level: 2, name: MODEL })).toBeVisible();
    await expect(buyer.getByText(`Serial number ${SERIAL}`)).toBeVisible();
    const warranty = buyer.getByRole('region', { name: 'Warranty', exact: true });
    await expect(warranty).toContainText('Under warranty');
    await expect(warranty).toContainText(`Until ${await publicDay(buyer, warrantyEnd)}`);
    const amc = buyer.getByRole('region', { name: 'AMC', exact: true });
    await expect(amc).toContainText('Active');
    await expect(amc).toContainText('3 visits left of 4');

    const requests = buyer.getByRole('region', { name: 'Service requests', exact: true }).getByRole('listitem');
    await expect(requests).toHaveCount(1);
    await expect(requests).toContainText(reference);
    await expect(requests).toContainText('Closed');
    await expect(requests.getByRole('button', { name: `Service report of ${reference} (PDF)` })).toBeEnabled();

    const parts = buyer.getByRole('region', { name: 'Spare parts that fit your machine' });
    await parts.getByRole('button', { name: `Add to quote: ${PART.name}`, exact: true }).click();
    await expect(
      buyer.getByRole('region', { name: /Notifications/ }).getByText('Added to your quote list'),
    ).toBeVisible();
    await phone.close();
    expect(problems).toEqual([]);
  });

  await staffContext.close();
  expect(staffProblems).toEqual([]);
});
