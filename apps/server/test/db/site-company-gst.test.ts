import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminSiteSettings,
  type AuditPage,
  type CompanySettings,
  GSTIN_MESSAGES,
  gstinStateCode,
  IFSC_MESSAGE,
  PRIVATE_COMPANY_FIELDS,
  type PublicSiteSettings,
  QUOTATION_PREFIX_MESSAGE,
  UPI_ID_MESSAGE,
} from '@capstan/shared';
import { currentCompanySettings } from '../../src/modules/site/site-settings.service';
import { findSitePart, updateSitePart } from '../../src/modules/site/site.repository';
import { signInAs } from '../helpers/staff';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';

// Site → Company for quotations (issue 39, decision 075): the GSTIN checked part by part on every
// save, the seller's state from it, and the private bank details, UPI id and number prefix.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

const adminSite = async (auth = token) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/site', headers: bearer(auth) });
  expect(response.statusCode).toBe(200);
  return response.json<AdminSiteSettings>();
};
const putCompany = (payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/site/company', headers: bearer(token), payload });

type Refusal = { message: string; issues: { path: (string | number)[]; message: string }[] };

describe('the company GSTIN', () => {
  it('a fresh database has the demo company’s GSTIN, of Tamil Nadu', async () => {
    const { company } = await adminSite();
    expect(company.gstin).toBe('33AABCK1234F1Z6');
    expect(gstinStateCode(company.gstin)).toBe('33');
  });

  it.each([
    ['33AABCK1234F1Z7', GSTIN_MESSAGES.checkCharacter],
    ['40AABCK1234F1Z6', GSTIN_MESSAGES.stateCode],
    ['33AABC11234F1Z6', GSTIN_MESSAGES.pan],
    ['33AABCK1234F0Z6', GSTIN_MESSAGES.entityNumber],
    ['33AABCK1234F1Z', GSTIN_MESSAGES.length],
    ['33AABCK1234F1Z#', GSTIN_MESSAGES.characters],
  ])('refuses %s with the message for that part, and saves nothing', async (gstin, message) => {
    const before = await adminSite();
    const response = await putCompany({ ...before.company, gstin });
    expect(response.statusCode).toBe(400);
    expect(response.json<Refusal>().issues).toEqual([expect.objectContaining({ path: ['gstin'], message })]);
    expect(await adminSite()).toEqual(before);
  });

  it('keeps a valid GSTIN upper case, with no spaces, and an empty one empty', async () => {
    const { company } = await adminSite();
    const saved = await putCompany({ ...company, gstin: ' 29aagcb7383j1z4 ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<CompanySettings>().gstin).toBe('29AAGCB7383J1Z4');
    const none = await putCompany({ ...saved.json<CompanySettings>(), gstin: '' });
    expect(none.json<CompanySettings>().gstin).toBe('');
  });

  it('a GSTIN saved before the check character was checked still reads, and the next save asks for a correct one', async () => {
    const row = await findSitePart(t.ctx.db, 'company');
    if (!row) throw new Error('no company settings');
    const document = { ...JSON.parse(row.document), gstin: '33AABCU9603R1ZM' };
    await updateSitePart(t.ctx.db, 'company', { document: JSON.stringify(document), updatedAt: row.updatedAt });

    const { company } = await adminSite();
    expect(company.gstin).toBe('33AABCU9603R1ZM');
    expect((await t.app.inject({ method: 'GET', url: '/api/site' })).json<PublicSiteSettings>().company.gstin).toBe(
      '33AABCU9603R1ZM',
    );
    const resaved = await putCompany(company);
    expect(resaved.statusCode).toBe(400);
    expect(resaved.json<Refusal>().issues[0]?.message).toBe(GSTIN_MESSAGES.checkCharacter);
    await putCompany({ ...company, gstin: '33AABCK1234F1Z6' });
  });
});

describe('bank details, UPI id and quotation prefix', () => {
  const bank = {
    accountName: 'Kovai Precision Machines',
    bankName: 'State Bank of India',
    branch: 'Kurichi, Coimbatore',
    accountNumber: '3012 4567 8901',
    ifsc: 'sbin0000123',
  };

  it('start empty with the KPM/Q prefix, and are saved as given', async () => {
    const { company } = await adminSite();
    expect(company).toMatchObject({
      bank: { accountName: '', bankName: '', branch: '', accountNumber: '', ifsc: '' },
      upiId: '',
      quotationPrefix: 'KPM/Q',
    });
    const saved = await putCompany({ ...company, bank, upiId: 'kovaiprecision@okaxis', quotationPrefix: 'KPM/Q' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<CompanySettings>()).toMatchObject({
      bank: { ...bank, accountNumber: '301245678901', ifsc: 'SBIN0000123' },
      upiId: 'kovaiprecision@okaxis',
    });
    expect((await currentCompanySettings(t.ctx.db)).bank.ifsc).toBe('SBIN0000123');
  });

  it('are kept by a save that leaves them out (a copy of the public answer)', async () => {
    const before = await adminSite();
    const site = (await t.app.inject({ method: 'GET', url: '/api/site' })).json<PublicSiteSettings>();
    const saved = await putCompany({ ...site.company, tagline: 'Lathes since 1998' });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json<CompanySettings>();
    expect(after.tagline).toBe('Lathes since 1998');
    expect({ bank: after.bank, upiId: after.upiId, quotationPrefix: after.quotationPrefix }).toEqual({
      bank: before.company.bank,
      upiId: before.company.upiId,
      quotationPrefix: before.company.quotationPrefix,
    });
  });

  it('are never in the public answer, nor in what an editor reads', async () => {
    const site = (await t.app.inject({ method: 'GET', url: '/api/site' })).json<PublicSiteSettings>();
    for (const field of PRIVATE_COMPANY_FIELDS) expect(site.company).not.toHaveProperty(field);
    expect(site.company.gstin).toBe('33AABCK1234F1Z6');
    const editor = await signInAs(t, 'editor');
    const asEditor = await adminSite(editor.token);
    for (const field of PRIVATE_COMPANY_FIELDS) expect(asEditor.company).not.toHaveProperty(field);
  });

  it.each([
    ['an IFSC without its 0', { bank: { ...bank, ifsc: 'SBIN1000123' } }, ['bank', 'ifsc'], IFSC_MESSAGE],
    ['a short account number', { bank: { ...bank, accountNumber: '12345' } }, ['bank', 'accountNumber'], undefined],
    [
      'half an account',
      { bank: { ...bank, accountName: '', bankName: '' } },
      ['bank', 'accountName'],
      'Account name is required',
    ],
    ['a UPI id without a handle', { upiId: 'kovaiprecision' }, ['upiId'], UPI_ID_MESSAGE],
    ['a prefix ending in /', { quotationPrefix: 'KPM/Q/' }, ['quotationPrefix'], QUOTATION_PREFIX_MESSAGE],
    ['a prefix of 17 characters', { quotationPrefix: 'KPM/QUOTATION/ABC' }, ['quotationPrefix'], undefined],
    ['no prefix', { quotationPrefix: '' }, ['quotationPrefix'], 'Quotation number prefix is required'],
  ])('refuses %s at that field, and saves nothing', async (_case, change, path, message) => {
    const before = await adminSite();
    const response = await putCompany({ ...before.company, ...change });
    expect(response.statusCode).toBe(400);
    const issue = response.json<Refusal>().issues.find((entry) => entry.path.join('.') === path.join('.'));
    expect(issue, response.body).toBeDefined();
    if (message !== undefined) expect(issue?.message).toBe(message);
    expect(await adminSite()).toEqual(before);
  });

  it('takes a 16-character prefix, and the audit trail records the change', async () => {
    const { company } = await adminSite();
    const saved = await putCompany({ ...company, quotationPrefix: 'KOVAI-PM/QUOTE-1' });
    expect(saved.statusCode, saved.body).toBe(200);
    const activity = await t.app.inject({ method: 'GET', url: '/api/admin/activity', headers: bearer(token) });
    const entry = activity.json<AuditPage>().entries.find((e) => e.action === 'site.company');
    expect(entry?.changes?.quotationPrefix).toEqual({ before: company.quotationPrefix, after: 'KOVAI-PM/QUOTE-1' });
  });
});
