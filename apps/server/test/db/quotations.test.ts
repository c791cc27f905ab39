import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSiteSettings, AuditPage, Inquiry, Quotation, QuotationSummary } from '@capstan/shared';
import { readXlsxRows } from '../../src/modules/catalogue-import/xlsx-sheet';
import {
  createQuotation as createQuotationAt,
  NO_COMPANY_GSTIN_MESSAGE,
} from '../../src/modules/quotations/quotations.service';
import { createMachine } from '../helpers/items';
import {
  createQuotation,
  KA_BUYER_GSTIN,
  postForm,
  quotationBody,
  sendInquiry,
  sendQuotation,
  tokenOf,
} from '../helpers/quotations';
import { signInAs, wholeState } from '../helpers/staff';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let token: string;
let ownerId: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  ownerId = me.json<{ user: { id: string } }>().user.id;
}, 60_000);
afterAll(async () => t.close());

const get = <T>(url: string, as = token) =>
  t.app.inject({ method: 'GET', url, headers: bearer(as) }).then((response) => {
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json<T>();
  });

describe('tax through the API', () => {
  it('taxes a Tamil Nadu buyer with CGST and SGST, rounds off and says the total in words', async () => {
    const inquiry = await sendInquiry(t.app);
    const quotation = await createQuotation(t.app, token, inquiry.id);
    expect(quotation).toMatchObject({
      number: expect.stringMatching(/^KPM\/Q\/\d{4}-\d{2}\/\d{4}$/),
      revision: 1,
      status: 'draft',
      supply: 'intraState',
      sellerState: '33',
      placeOfSupply: { code: '33', name: 'Tamil Nadu' },
      totals: { taxableValue: 1000.5, cgst: 90.05, sgst: 90.05, igst: 0, roundOff: 0.4, total: 1181 },
      amountInWords: 'Rupees One Thousand One Hundred Eighty-One Only',
      pdfSha256: null,
    });
    expect(quotation.lines).toEqual([
      expect.objectContaining({
        position: 1,
        description: 'Collet chuck 25 mm',
        hsn: '8466',
        unit: 'Nos',
        taxableValue: 1000.5,
        cgst: 90.05,
        sgst: 90.05,
        igst: 0,
        total: 1180.6,
      }),
    ]);
  });

  it('taxes a Karnataka buyer with IGST at the full rate, freight at the lines’ highest rate', async () => {
    const inquiry = await sendInquiry(t.app);
    const body = quotationBody({
      buyer: { name: 'Manjunath Rao', company: 'Rao Auto Components', gstin: KA_BUYER_GSTIN, state: '29' },
      lines: [
        { description: 'CL-25 capstan lathe', hsn: '8458', quantity: 1, rate: 1890000, gstRate: 18 },
        { description: 'Spring collet 20 mm', hsn: '8466', quantity: 10, rate: 1850, discountPercent: 10, gstRate: 12 },
      ],
      freight: 12500,
    });
    const quotation = await createQuotation(t.app, token, inquiry.id, body);
    expect(quotation.supply).toBe('interState');
    expect(quotation.placeOfSupply).toEqual({ code: '29', name: 'Karnataka' });
    expect(quotation.lines.map((line) => [line.taxableValue, line.igst, line.cgst, line.sgst])).toEqual([
      [1890000, 340200, 0, 0],
      [16650, 1998, 0, 0],
    ]);
    expect(quotation.charges).toEqual([{ kind: 'freight', amount: 12500, gstRate: 18, cgst: 0, sgst: 0, igst: 2250 }]);
    expect(quotation.totals).toEqual({
      taxableValue: 1919150,
      cgst: 0,
      sgst: 0,
      igst: 344448,
      roundOff: 0,
      total: 2263598,
    });
    expect(quotation.amountInWords).toBe('Rupees Twenty-Two Lakh Sixty-Three Thousand Five Hundred Ninety-Eight Only');
  });

  it('prints the issue’s example in words: a machine of ₹18,90,000 at 18% is Twenty-Two Lakh Thirty Thousand Two Hundred', async () => {
    const inquiry = await sendInquiry(t.app);
    const quotation = await createQuotation(
      t.app,
      token,
      inquiry.id,
      quotationBody({ lines: [{ description: 'CL-25', hsn: '8458', quantity: 1, rate: 1890000, gstRate: 18 }] }),
    );
    expect(quotation.totals).toMatchObject({ cgst: 170100, sgst: 170100, total: 2230200, roundOff: 0 });
    expect(quotation.amountInWords).toBe('Rupees Twenty-Two Lakh Thirty Thousand Two Hundred Only');
  });

  it('takes the place of supply from the chosen state when the buyer has no GSTIN', async () => {
    const inquiry = await sendInquiry(t.app);
    const quotation = await createQuotation(
      t.app,
      token,
      inquiry.id,
      quotationBody({ buyer: { name: 'Walk-in buyer', state: '27' } }),
    );
    expect(quotation.placeOfSupply.code).toBe('27');
    expect(quotation.totals.igst).toBe(180.09);
    expect(quotation.totals.roundOff).toBe(0.41);
  });

  it('describes a catalogue line by the item’s name and code unless one is typed; an unknown item is a 400 naming it', async () => {
    const machine = await createMachine(t, token, { name: 'CL-32 Capstan Lathe', code: 'CL-32' });
    const inquiry = await sendInquiry(t.app);
    const quotation = await createQuotation(
      t.app,
      token,
      inquiry.id,
      quotationBody({
        lines: [
          { itemId: machine.id, hsn: '8458', quantity: 1, rate: 1500000, gstRate: 18 },
          { itemId: machine.id, description: 'CL-32 with bar feeder', hsn: '8458', quantity: 1, rate: 1, gstRate: 18 },
        ],
      }),
    );
    expect(quotation.lines.map((line) => [line.itemId, line.description])).toEqual([
      [machine.id, 'CL-32 Capstan Lathe (CL-32)'],
      [machine.id, 'CL-32 with bar feeder'],
    ]);

    const before = await wholeState(t);
    const unknown = '3f0c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/inquiries/${inquiry.id}/quotations`,
      headers: bearer(token),
      payload: quotationBody({ lines: [{ itemId: unknown, hsn: '8458', quantity: 1, rate: 1, gstRate: 18 }] }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      issues: [{ path: ['lines', 0, 'itemId'], message: `Unknown item: ${unknown}` }],
    });
    expect(await wholeState(t)).toEqual(before);
  });
});

describe('validation', () => {
  const BAD: [string, Record<string, unknown>, (string | number)[]][] = [
    ['no lines', { lines: [] }, ['lines']],
    [
      'a negative quantity',
      { lines: [{ description: 'X', hsn: '8466', quantity: -1, rate: 10, gstRate: 18 }] },
      ['lines', 0, 'quantity'],
    ],
    [
      'a GST rate not allowed',
      { lines: [{ description: 'X', hsn: '8466', quantity: 1, rate: 10, gstRate: 7 }] },
      ['lines', 0, 'gstRate'],
    ],
    [
      'a discount over 100%',
      { lines: [{ description: 'X', hsn: '8466', quantity: 1, rate: 10, discountPercent: 101, gstRate: 18 }] },
      ['lines', 0, 'discountPercent'],
    ],
    ['a wrong GSTIN', { buyer: { name: 'B', gstin: '33ABCDE1234F1Z8' } }, ['buyer', 'gstin']],
    [
      'a GSTIN of another state than the chosen one',
      { buyer: { name: 'B', gstin: KA_BUYER_GSTIN, state: '33' } },
      ['buyer', 'gstin'],
    ],
    ['neither GSTIN nor state', { buyer: { name: 'B' } }, ['buyer', 'state']],
    [
      'a wrong HSN code',
      { lines: [{ description: 'X', hsn: '84', quantity: 1, rate: 1, gstRate: 18 }] },
      ['lines', 0, 'hsn'],
    ],
  ];

  it.each(BAD)('refuses %s with 400, a message on the field, and stores nothing', async (_name, change, field) => {
    const inquiry = await sendInquiry(t.app);
    const before = await wholeState(t);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/inquiries/${inquiry.id}/quotations`,
      headers: bearer(token),
      payload: { ...quotationBody(), ...change },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; issues: { path: (string | number)[]; message: string }[] }>();
    expect(body.message).toEqual(expect.any(String));
    expect(body.issues.map((issue) => issue.path.map(String))).toContainEqual(field.map(String));
    expect(await wholeState(t)).toEqual(before);
  });

  it('names the wrong part of a GSTIN', async () => {
    const inquiry = await sendInquiry(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/inquiries/${inquiry.id}/quotations`,
      headers: bearer(token),
      payload: quotationBody({ buyer: { name: 'B', gstin: '33ABCDE1234F1Z8' } }),
    });
    expect(response.json<{ issues: { message: string }[] }>().issues[0]?.message).toMatch(/last character/);
  });

  it('answers 404 for an inquiry that does not exist', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries/3f0c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f/quotations',
      headers: bearer(token),
      payload: quotationBody(),
    });
    expect(response.statusCode).toBe(404);
  });

  it('refuses to quote while the company has no GSTIN, and says where to enter it', async () => {
    const site = await get<AdminSiteSettings>('/api/admin/site');
    const put = (gstin: string, updatedAt: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/site/company',
        headers: bearer(token),
        payload: { ...site.company, gstin, updatedAt },
      });
    const cleared = await put('', site.company.updatedAt);
    expect(cleared.statusCode, cleared.body).toBe(200);
    try {
      const inquiry = await sendInquiry(t.app);
      const before = await wholeState(t);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/inquiries/${inquiry.id}/quotations`,
        headers: bearer(token),
        payload: quotationBody(),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: NO_COMPANY_GSTIN_MESSAGE });
      expect(await wholeState(t)).toEqual(before);
    } finally {
      const restored = await put(site.company.gstin, cleared.json<{ updatedAt: string }>().updatedAt);
      expect(restored.statusCode, restored.body).toBe(200);
    }
  });
});

describe('numbering', () => {
  it('starts a new series on 1 April, India time', async () => {
    const inquiry = await sendInquiry(t.app);
    const data = quotationBody() as Parameters<typeof createQuotationAt>[2];
    // 23:59 on 31 March and 00:01 on 1 April in India.
    const march = await createQuotationAt(t.ctx, inquiry.id, data, { id: ownerId }, new Date('2031-03-31T18:29:00Z'));
    const april = await createQuotationAt(t.ctx, inquiry.id, data, { id: ownerId }, new Date('2031-03-31T18:31:00Z'));
    const secondApril = await createQuotationAt(
      t.ctx,
      inquiry.id,
      data,
      { id: ownerId },
      new Date('2031-04-02T06:00:00Z'),
    );
    expect([march.number, april.number, secondApril.number]).toEqual([
      'KPM/Q/2030-31/0001',
      'KPM/Q/2031-32/0001',
      'KPM/Q/2031-32/0002',
    ]);
  });

  it('hands out distinct, consecutive numbers to quotations created at once', async () => {
    const inquiry = await sendInquiry(t.app);
    const existing = await get<Quotation[]>('/api/quotations');
    const created = await Promise.all(
      Array.from({ length: 24 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/inquiries/${inquiry.id}/quotations`,
          headers: bearer(token),
          payload: quotationBody(),
        }),
      ),
    );
    expect(created.map((response) => response.statusCode)).toEqual(created.map(() => 201));
    const sequences = created
      .map((response) => Number(response.json<Quotation>().number.split('/').pop()))
      .sort((a, b) => a - b);
    // Quotations are never deleted and a series has no gaps: these follow the highest one of the year.
    const series = created[0]!.json<Quotation>().number.split('/')[2];
    const sequenceOf = (number: string) => Number(number.split('/')[3]?.replace(/-R\d+$/, ''));
    const first =
      Math.max(0, ...existing.filter((q) => q.number.split('/')[2] === series).map((q) => sequenceOf(q.number))) + 1;
    expect(sequences).toEqual(Array.from({ length: 24 }, (_, index) => first + index));
  });
});

describe('revisions', () => {
  it('a draft is edited in place; a sent one gets its next revision and stays exactly as sent', async () => {
    const inquiry = await sendInquiry(t.app);
    const draft = await createQuotation(t.app, token, inquiry.id);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/quotations/${draft.id}`,
      headers: bearer(token),
      payload: quotationBody({ validityDays: 15 }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Quotation>()).toMatchObject({
      id: draft.id,
      number: draft.number,
      revision: 1,
      validityDays: 15,
    });

    const { link } = await sendQuotation(t.app, token, draft.id);
    expect(link).toMatch(new RegExp(`^${t.config.publicUrl}/q/[A-Za-z0-9_-]{43}$`));
    const sent = await get<Quotation>(`/api/quotations/${draft.id}`);
    expect(sent.status).toBe('sent');
    expect(sent.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
    const pdfBefore = await t.app.inject({
      method: 'GET',
      url: `/api/quotations/${draft.id}/pdf`,
      headers: bearer(token),
    });
    expect(pdfBefore.headers['content-type']).toBe('application/pdf');
    expect(createHash('sha256').update(pdfBefore.rawPayload).digest('hex')).toBe(sent.pdfSha256);

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/quotations/${draft.id}/send`,
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(409);

    const revised = await t.app.inject({
      method: 'PUT',
      url: `/api/quotations/${draft.id}`,
      headers: bearer(token),
      payload: quotationBody({
        lines: [{ description: 'Collet chuck 32 mm', hsn: '8466', quantity: 2, rate: 1200, gstRate: 18 }],
      }),
    });
    expect(revised.statusCode).toBe(201);
    const second = revised.json<Quotation>();
    expect(second).toMatchObject({ revision: 2, number: `${draft.number}-R2`, status: 'draft', inquiryId: inquiry.id });
    expect(second.id).not.toBe(draft.id);

    const first = await get<Quotation>(`/api/quotations/${draft.id}`);
    expect(first).toEqual({ ...sent, status: 'superseded' });
    const pdfAfter = await t.app.inject({
      method: 'GET',
      url: `/api/quotations/${draft.id}/pdf`,
      headers: bearer(token),
    });
    expect(pdfAfter.rawPayload.equals(pdfBefore.rawPayload)).toBe(true);

    // The superseded one is final; so the buyer's old link offers no Accept.
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/quotations/${draft.id}`,
      headers: bearer(token),
      payload: quotationBody(),
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json<{ message: string }>().message).toMatch(/newer revision/);
    const old = await postForm(t.app, `/q/${tokenOf(link)}/accept`, { name: 'Senthil' });
    expect(old.statusCode).toBe(409);
    expect(old.body).toContain('This one can no longer be accepted');
    expect((await get<Quotation>(`/api/quotations/${draft.id}`)).status).toBe('superseded');

    // The third revision comes from the second once it is sent; only the latest is accepted.
    const secondLink = (await sendQuotation(t.app, token, second.id)).link;
    const accepted = await postForm(t.app, `/q/${tokenOf(secondLink)}/accept`, {
      name: 'Senthil Kumar',
      purchaseOrder: 'PO-778',
    });
    expect(accepted.statusCode).toBe(303);
    const final = await get<Quotation>(`/api/quotations/${second.id}`);
    expect(final).toMatchObject({ status: 'accepted', acceptance: { name: 'Senthil Kumar', purchaseOrder: 'PO-778' } });
    const afterAccept = await t.app.inject({
      method: 'PUT',
      url: `/api/quotations/${second.id}`,
      headers: bearer(token),
      payload: quotationBody(),
    });
    expect(afterAccept.statusCode).toBe(409);
    expect(afterAccept.json<{ message: string }>().message).toMatch(/accepted/);
    expect((await get<Inquiry>(`/api/inquiries/${inquiry.id}`)).status).toBe('won');

    const listed = await get<Quotation[]>(`/api/quotations?inquiryId=${inquiry.id}`);
    expect(listed.map((q) => [q.number, q.status])).toEqual([
      [`${draft.number}-R2`, 'accepted'],
      [draft.number, 'superseded'],
    ]);
    expect((await get<Quotation[]>('/api/quotations?status=superseded')).map((q) => q.id)).toContain(draft.id);
  });

  it('renders a draft’s PDF on the fly and stores nothing', async () => {
    const inquiry = await sendInquiry(t.app);
    const draft = await createQuotation(t.app, token, inquiry.id);
    const before = await wholeState(t);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/quotations/${draft.id}/pdf`, headers: bearer(token) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['content-disposition']).toContain('DRAFT');
    expect(await wholeState(t)).toEqual(before);
  });

  it('records every step in the activity log', async () => {
    const inquiry = await sendInquiry(t.app);
    const draft = await createQuotation(t.app, token, inquiry.id);
    await t.app.inject({
      method: 'PUT',
      url: `/api/quotations/${draft.id}`,
      headers: bearer(token),
      payload: quotationBody({ validityDays: 10 }),
    });
    const { link } = await sendQuotation(t.app, token, draft.id);
    await t.app.inject({ method: 'GET', url: `/q/${tokenOf(link)}` });
    await postForm(t.app, `/q/${tokenOf(link)}/changes`, { message: 'Please quote 3 pieces' }, '10.92.1.1');
    await t.app.inject({
      method: 'PUT',
      url: `/api/quotations/${draft.id}`,
      headers: bearer(token),
      payload: quotationBody(),
    });
    const page = await get<AuditPage>('/api/admin/activity?limit=50');
    const mine = page.entries.filter((entry) => entry.target?.type === 'inquiry' && entry.target.id === inquiry.id);
    expect(mine.map((entry) => entry.action).reverse()).toEqual([
      'quotation.create',
      'quotation.update',
      'inquiry.status',
      'quotation.send',
      'quotation.view',
      'quotation.changes',
      'quotation.revise',
    ]);
    expect(mine.find((entry) => entry.action === 'quotation.view')?.actor).toEqual({ userId: null, email: null });
  });
});

describe('roles', () => {
  it('lets sales prepare, list and send quotations, and refuses editors and the signed-out', async () => {
    const sales = (await signInAs(t, 'sales')).token;
    const editor = (await signInAs(t, 'editor')).token;
    const inquiry = await sendInquiry(t.app);
    const quotation = await createQuotation(t.app, sales, inquiry.id);
    expect((await get<Quotation[]>(`/api/quotations?inquiryId=${inquiry.id}`, sales)).map((q) => q.id)).toEqual([
      quotation.id,
    ]);
    const before = await wholeState(t);
    for (const [as, status] of [
      [editor, 403],
      [null, 401],
    ] as const) {
      const headers = as ? bearer(as) : {};
      const create = await t.app.inject({
        method: 'POST',
        url: `/api/inquiries/${inquiry.id}/quotations`,
        headers,
        payload: quotationBody(),
      });
      const send = await t.app.inject({ method: 'POST', url: `/api/quotations/${quotation.id}/send`, headers });
      const list = await t.app.inject({ method: 'GET', url: '/api/quotations', headers });
      const exported = await t.app.inject({ method: 'GET', url: '/api/quotations/export.csv', headers });
      expect([create.statusCode, send.statusCode, list.statusCode, exported.statusCode]).toEqual([
        status,
        status,
        status,
        status,
      ]);
    }
    expect(await wholeState(t)).toEqual(before);
    await sendQuotation(t.app, sales, quotation.id);
  });
});

describe('exports and summary', () => {
  it('exports accepted quotations a row per line (charges their own), CSV and XLSX, and sums the month', async () => {
    const before = await get<QuotationSummary>('/api/quotations/summary');
    expect(before.month).toMatch(/^\d{4}-\d{2}$/);
    const inquiry = await sendInquiry(t.app);
    const body = quotationBody({
      buyer: { name: 'Manjunath Rao', company: 'Rao Auto Components', gstin: KA_BUYER_GSTIN },
      lines: [
        { description: 'CL-25 capstan lathe', hsn: '8458', quantity: 1, rate: 1890000, gstRate: 18 },
        { description: 'Spring collet 20 mm', hsn: '8466', quantity: 10, rate: 1850, discountPercent: 10, gstRate: 12 },
      ],
      freight: 12500,
    });
    const quotation = await createQuotation(t.app, token, inquiry.id, body);
    const { link } = await sendQuotation(t.app, token, quotation.id);
    // A second, unaccepted quotation counts as quoted only.
    const other = await createQuotation(t.app, token, (await sendInquiry(t.app)).id);
    await sendQuotation(t.app, token, other.id);
    expect(
      (await postForm(t.app, `/q/${tokenOf(link)}/accept`, { name: 'Manjunath Rao' }, '10.92.2.1')).statusCode,
    ).toBe(303);

    const summary = await get<QuotationSummary>('/api/quotations/summary');
    expect(summary.month).toBe(before.month);
    expect(summary.quoted.count - before.quoted.count).toBe(2);
    expect(Math.round((summary.quoted.value - before.quoted.value) * 100)).toBe((2263598 + 1181) * 100);
    expect(summary.accepted.count - before.accepted.count).toBe(1);
    expect(summary.accepted.value - before.accepted.value).toBe(2263598);

    const csv = await t.app.inject({ method: 'GET', url: '/api/quotations/export.csv', headers: bearer(token) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      [
        'Quotation number',
        'Accepted on',
        'Buyer',
        'Buyer GSTIN',
        'Place of supply',
        'HSN/SAC',
        'Description',
        'Quantity',
        'Unit',
        'Rate (₹)',
        'Discount %',
        'Taxable value (₹)',
        'GST rate %',
        'CGST (₹)',
        'SGST/UTGST (₹)',
        'IGST (₹)',
        'Line total (₹)',
      ]
        .map((header) => `"${header}"`)
        .join(','),
    );
    const ours = lines.filter((line) => line.startsWith(`"${quotation.number}"`));
    expect(ours).toHaveLength(3);
    expect(ours[0]).toContain(
      `"Rao Auto Components","${KA_BUYER_GSTIN}","29 Karnataka","8458","CL-25 capstan lathe","1","Nos","1890000","0","1890000","18","0","0","340200","2230200"`,
    );
    expect(ours[2]).toContain('"Freight","","","","","12500","18","0","0","2250","14750"');

    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/quotations/export.xlsx?from=2020-01-01',
      headers: bearer(token),
    });
    expect(xlsx.statusCode).toBe(200);
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'quotations-')), 'accepted.xlsx');
    await fs.writeFile(file, xlsx.rawPayload);
    const rows: string[][] = [];
    await readXlsxRows(file, 'not a sheet', (_line, cells) => rows.push(cells));
    expect(rows[0]?.[0]).toBe('Quotation number');
    expect(rows.filter((row) => row[0] === quotation.number)).toHaveLength(3);
    await fs.rm(path.dirname(file), { recursive: true, force: true });

    const none = await t.app.inject({
      method: 'GET',
      url: '/api/quotations/export.csv?to=2020-01-01',
      headers: bearer(token),
    });
    expect(
      none.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(1);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/quotations/export.csv?from=yesterday',
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('heads the export in the reader’s language', async () => {
    const sales = await signInAs(t, 'sales');
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/locale',
      headers: bearer(sales.token),
      payload: { locale: 'ta' },
    });
    const csv = await t.app.inject({ method: 'GET', url: '/api/quotations/export.csv', headers: bearer(sales.token) });
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^"விலைப்புள்ளி எண்"/);
  });
});
