import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { CRASH_ADMIN_EMAIL, ServerProcess, loginOver } from '../../server/test/helpers/server-process';
import { type ReceivedMail, TestSmtpServer, waitFor } from '../../server/test/helpers/smtp';
import { expect, test, gotoReady, waitForLanding } from './fixtures';

/*
 * Inquiry emails (decision 021), as a buyer and staff would see them: a server of its own with SMTP_URL pointing at a
 * real SMTP server on loopback. The reference the toast shows is the one in both emails; with the
 * mail server down nothing is lost, and both emails arrive once it is back.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const REFERENCE = /KPM-\d{4}-\d{5}/;

let dataDir: string;
let server: ServerProcess;
const smtp = new TestSmtpServer();

test.beforeAll(async () => {
  await smtp.start();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'e2e-mail-'));
  server = await ServerProcess.start(dataDir, {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Kovai Precision Machines <noreply@example.com>',
    // A failed send is tried again after 1 s, then 2 s, … instead of 30 s.
    MAIL_RETRY_MIN_SECONDS: '1',
    WEB_DIST_DIR: path.join(repoRoot, 'apps/web/dist'),
    WEB_SSR_ENTRY: path.join(repoRoot, 'apps/web/dist-ssr/entry-server.js'),
  });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Sends the landing page's contact form and answers the reference the success toast shows. */
async function sendInquiry(page: Page, lastName: string): Promise<string> {
  await gotoReady(page, `${server.url}/`);
  await waitForLanding(page);
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('First name').fill('Arun');
  await form.getByLabel('Last name').fill(lastName);
  await form.getByLabel('Email').fill('arun@example.in');
  await form.getByLabel('Phone').fill('+91 98430 12345');
  await form.getByLabel('Message').fill('Please send a quote for a capstan lathe with a bar feeder.');
  await form.getByRole('button', { name: /Send/ }).click();
  const toast = page.getByText(/Your reference number is KPM-/).first();
  await expect(toast).toBeVisible();
  const reference = REFERENCE.exec((await toast.textContent()) ?? '')?.[0];
  if (!reference) throw new Error('the toast shows no reference');
  return reference;
}

const mailsAbout = (reference: string): ReceivedMail[] => smtp.received.filter((mail) => mail.raw.includes(reference));

function expectBothEmails(reference: string) {
  const mails = mailsAbout(reference);
  expect(mails.map((mail) => mail.to).sort()).toEqual([['arun@example.in'], [CRASH_ADMIN_EMAIL]]);
  const acknowledgement = mails.find((mail) => mail.to[0] === 'arun@example.in')!;
  expect(acknowledgement.text).toContain(`Your reference number is ${reference}`);
  const notification = mails.find((mail) => mail.to[0] === CRASH_ADMIN_EMAIL)!;
  expect(notification.text).toContain('Please send a quote for a capstan lathe with a bar feeder.');
}

test('the toast’s reference is in the staff email and the acknowledgement; with the mail server down, both arrive once it is back', async ({
  page,
}) => {
  const first = await sendInquiry(page, 'Mail One');
  await waitFor('both emails of the first inquiry', () => mailsAbout(first).length === 2);
  expectBothEmails(first);

  await smtp.stop();
  const second = await sendInquiry(page, 'Mail Two');
  expect(second).not.toBe(first);
  // Staff see both waiting in the outbox while the mail server is down.
  const token = await loginOver(server.url);
  const outbox = async () => {
    const response = await fetch(`${server.url}/api/admin/outbox`, { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()) as { messages: { subject: string; status: string; attempts: number }[] };
  };
  await waitFor('the second inquiry’s emails to wait in the outbox', async () => {
    const waiting = (await outbox()).messages.filter((m) => m.subject.includes(second) && m.status !== 'sent');
    return waiting.length === 2;
  });
  // Tried again (1 s, then 2 s apart) while the mail server is down, and still nothing arrived.
  await waitFor('a second failed attempt at each of the second inquiry’s emails', async () => {
    const tried = (await outbox()).messages.filter((m) => m.subject.includes(second) && m.attempts >= 2);
    return tried.length === 2;
  });
  expect(mailsAbout(second)).toEqual([]);

  await smtp.start();
  await waitFor(
    'both emails of the second inquiry after the mail server is back',
    () => mailsAbout(second).length === 2,
    30_000,
  );
  expectBothEmails(second);
  // Nothing was sent twice.
  expect(mailsAbout(first)).toHaveLength(2);
  const statuses = (await outbox()).messages.map((message) => message.status);
  expect(statuses).toEqual(['sent', 'sent', 'sent', 'sent']);
});
