import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useParams } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { amountInWords, computeTax, gstinCheckCharacter, type Quotation } from '@capstan/shared';
import { meHandler } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { inAdminLocale } from '@/testing/locale';
import { renderWithProviders } from '@/testing/test-utils';
import { buildInquiry, buildQuotation } from '../testing/quotation-fixtures';
import { EditQuotationScreen, NewQuotationScreen } from './editor-screens';
import { QuotationScreen } from './quotation-screen';

function NewRoute() {
  return <NewQuotationScreen inquiryId={useParams().inquiryId ?? ''} />;
}
function EditRoute() {
  const id = useParams().quotationId ?? '';
  return <EditQuotationScreen key={id} quotationId={id} />;
}
function ViewRoute() {
  return <QuotationScreen quotationId={useParams().quotationId ?? ''} />;
}

function renderAt(url: string, options: Parameters<typeof renderWithProviders>[1] = {}) {
  return renderWithProviders(
    <Routes>
      <Route path="/admin/inquiries/:inquiryId/quotation" element={<NewRoute />} />
      <Route path="/admin/quotations/:quotationId/edit" element={<EditRoute />} />
      <Route path="/admin/quotations/:quotationId" element={<ViewRoute />} />
    </Routes>,
    { ...options, url },
  );
}

/** A GSTIN with its right check character. */
const gstin = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`;
const MAHARASHTRA_GSTIN = gstin('27AAPFU0939F1Z');

const money = (paise: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(paise / 100);

/** The catalogue as the editor reads it: one small page of search results and each item by id. */
function catalogueApi() {
  server.use(
    http.get('/api/inquiries/i1', () => HttpResponse.json(buildInquiry())),
    http.get('/api/spareparts/s1', () =>
      HttpResponse.json({
        id: 's1',
        name: 'Spring Collet 25 mm',
        code: 'SC-25',
        hsnCode: '84669310',
        gstRate: 18,
        price: 450,
      }),
    ),
    http.get('/api/products/m1', () =>
      HttpResponse.json({
        id: 'm1',
        name: 'Capstan Lathe CL-25',
        code: 'CL-25',
        category: 'capstan-lathe',
        hsnCode: '8458',
        gstRate: 18,
        price: 1850000,
      }),
    ),
  );
}

/** The lines of the prefilled inquiry, as computeTax takes them. */
const INQUIRY_LINES = [
  { quantity: 3, ratePaise: 45_000, gstRate: 18 },
  { quantity: 1, ratePaise: 185_000_000, gstRate: 18 },
];

const summary = () => screen.getByRole('region', { name: 'Summary' });
const figure = (key: string) => summary().querySelector(`[data-figure="${key}"] dd`)?.textContent ?? `no ${key} figure`;
const lineInput = (label: string, line: number) => screen.getByRole('spinbutton', { name: `${label}, line ${line}` });
const lineText = (label: string, line: number) => screen.getByRole('textbox', { name: `${label}, line ${line}` });

beforeEach(() => {
  server.use(meHandler());
});

describe('the quotation editor', () => {
  it('prefills the buyer and a line per item of the inquiry, each from the catalogue', async () => {
    catalogueApi();
    renderAt('/admin/inquiries/i1/quotation');

    expect(await screen.findByRole('heading', { level: 1, name: 'Prepare quotation' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ravi Kumar');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ravi@example.com');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('044-2345 6789');
    expect(screen.getAllByTestId('quotation-line')).toHaveLength(2);
    expect(lineText('Description', 1)).toHaveValue('Spring Collet 25 mm (SC-25)');
    expect(lineText('HSN/SAC', 1)).toHaveValue('84669310');
    expect(lineInput('Qty', 1)).toHaveValue(3);
    expect(lineInput('Rate ₹', 1)).toHaveValue(450);
    expect(screen.getByRole('combobox', { name: 'GST %, line 1' })).toHaveValue('18');
    expect(lineText('Description', 2)).toHaveValue('Capstan Lathe CL-25 (CL-25)');
    expect(lineText('HSN/SAC', 2)).toHaveValue('8458');
    expect(lineInput('Rate ₹', 2)).toHaveValue(1850000);
    expect(screen.getByRole('spinbutton', { name: 'Valid for (days)' })).toHaveValue(30);
  });

  it("previews CGST and SGST in the company's state and IGST in another, as computeTax works them out", async () => {
    catalogueApi();
    const user = userEvent.setup({ delay: null });
    renderAt('/admin/inquiries/i1/quotation');
    await screen.findByRole('heading', { level: 1, name: 'Prepare quotation' });
    expect(within(summary()).getByText("Enter the buyer's GSTIN or choose their state to see the tax.")).toBeVisible();

    await user.selectOptions(screen.getByRole('combobox', { name: 'State (place of supply)' }), '33');
    const intra = computeTax({ sellerStateCode: '33', placeOfSupply: '33', lines: INQUIRY_LINES });
    expect(within(summary()).getByTestId('supply-note')).toHaveTextContent(
      "Place of supply: Tamil Nadu (33), the company's own state: CGST and SGST.",
    );
    expect(figure('taxable')).toBe(money(intra.totals.taxablePaise));
    expect(figure('taxable')).toBe('₹18,51,350.00');
    expect(figure('cgst')).toBe(money(intra.totals.cgstPaise));
    expect(figure('sgst')).toBe(money(intra.totals.sgstPaise));
    expect(summary().querySelector('[data-figure="igst"]')).toBeNull();
    expect(figure('roundOff')).toBe(money(intra.totals.roundOffPaise));
    expect(figure('total')).toBe(money(intra.totals.totalPaise));
    expect(within(summary()).getByTestId('amount-in-words')).toHaveTextContent(amountInWords(intra.totals.totalPaise));

    // A Maharashtra GSTIN: the state follows it, and the tax becomes IGST.
    await user.type(screen.getByRole('textbox', { name: 'GSTIN' }), MAHARASHTRA_GSTIN.toLowerCase());
    const state = screen.getByRole('combobox', { name: 'State (place of supply)' });
    expect(state).toHaveValue('27');
    expect(state).toBeDisabled();
    expect(screen.getByText('State for GST: Maharashtra (27)')).toBeInTheDocument();
    const inter = computeTax({ sellerStateCode: '33', placeOfSupply: '27', lines: INQUIRY_LINES });
    expect(figure('igst')).toBe(money(inter.totals.igstPaise));
    expect(summary().querySelector('[data-figure="cgst"]')).toBeNull();
    expect(figure('total')).toBe(money(inter.totals.totalPaise));
    expect(within(summary()).getByTestId('amount-in-words')).toHaveTextContent(amountInWords(inter.totals.totalPaise));

    // Freight is taxed with the goods and shows in the totals.
    await user.type(screen.getByRole('spinbutton', { name: 'Freight ₹ (optional)' }), '2500.5');
    const withFreight = computeTax({
      sellerStateCode: '33',
      placeOfSupply: '27',
      lines: INQUIRY_LINES,
      freightPaise: 250_050,
    });
    expect(figure('freight')).toBe('₹2,500.50');
    expect(figure('total')).toBe(money(withFreight.totals.totalPaise));
  });

  it('says which part of a wrong GSTIN is wrong, as it is typed and when the field is left', async () => {
    catalogueApi();
    const user = userEvent.setup({ delay: null });
    renderAt('/admin/inquiries/i1/quotation');
    const field = await screen.findByRole('textbox', { name: 'GSTIN' });

    // All 15 characters typed, the check character wrong: said at once.
    const wrongCheck = `${MAHARASHTRA_GSTIN.slice(0, 14)}${MAHARASHTRA_GSTIN.endsWith('A') ? 'B' : 'A'}`;
    await user.type(field, wrongCheck);
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('The last character of the GSTIN does not match the others'),
    );
    expect(screen.getByRole('combobox', { name: 'State (place of supply)' })).toBeEnabled();

    // Too short: said when the field is left.
    await user.clear(field);
    await user.type(field, '27AAPFU');
    await user.tab();
    expect(field).toHaveAccessibleDescription(expect.stringContaining('A GSTIN has 15 characters'));

    await user.clear(field);
    await user.type(field, '27AAPF10939F1ZV');
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Characters 3 to 12 of the GSTIN must be a PAN: five letters, four digits and a letter'),
    );
  });

  it('posts the payload of quotationInputSchema on Save draft, then edits the saved draft', async () => {
    catalogueApi();
    const bodies: unknown[] = [];
    const saved = buildQuotation({ id: 'q1' });
    server.use(
      http.post('/api/inquiries/:id/quotations', async ({ params, request }) => {
        expect(params.id).toBe('i1');
        bodies.push(await request.json());
        return HttpResponse.json(saved, { status: 201 });
      }),
      http.get('/api/quotations/q1', () => HttpResponse.json(saved)),
    );
    const user = userEvent.setup({ delay: null });
    renderAt('/admin/inquiries/i1/quotation');
    await screen.findByRole('heading', { level: 1, name: 'Prepare quotation' });

    await user.type(screen.getByRole('textbox', { name: 'Company (optional)' }), 'Kumar Engineering');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State (place of supply)' }), '33');
    await user.type(lineInput('Discount %', 2), '5');
    await user.selectOptions(screen.getByRole('combobox', { name: 'GST %, line 1' }), '12');
    await user.type(screen.getByRole('textbox', { name: 'Payment terms' }), '50% advance');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      buyer: {
        name: 'Ravi Kumar',
        company: 'Kumar Engineering',
        gstin: '',
        state: '33',
        address: '',
        email: 'ravi@example.com',
        phone: '044-2345 6789',
      },
      lines: [
        {
          itemId: 's1',
          description: 'Spring Collet 25 mm (SC-25)',
          hsn: '84669310',
          quantity: 3,
          unit: 'Nos',
          rate: 450,
          gstRate: 12,
        },
        {
          itemId: 'm1',
          description: 'Capstan Lathe CL-25 (CL-25)',
          hsn: '8458',
          quantity: 1,
          unit: 'Nos',
          rate: 1850000,
          discountPercent: 5,
          gstRate: 18,
        },
      ],
      validityDays: 30,
      terms: { payment: '50% advance', delivery: '', warranty: '', notes: '' },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit quotation KPM/Q/2026-27/0001' })).toBeVisible();
  });

  it('adds a line from the catalogue search with its HSN, GST rate and price, and removes one', async () => {
    catalogueApi();
    server.use(
      http.get('/api/spareparts', ({ request }) => {
        expect(new URL(request.url).searchParams.get('q')).toBe('holder');
        return HttpResponse.json([{ id: 's2', name: 'Tool Holder', code: 'TH-10', price: 1200 }], {
          headers: { 'X-Total-Count': '1' },
        });
      }),
      http.get('/api/spareparts/s2', () =>
        HttpResponse.json({ id: 's2', name: 'Tool Holder', code: 'TH-10', hsnCode: '8466', gstRate: 28, price: 1200 }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderAt('/admin/inquiries/i1/quotation');
    await screen.findByRole('heading', { level: 1, name: 'Prepare quotation' });

    await user.type(screen.getByRole('searchbox', { name: 'Search by name or code' }), 'holder');
    await user.click(await screen.findByRole('button', { name: 'Add Tool Holder' }));
    await waitFor(() => expect(screen.getAllByTestId('quotation-line')).toHaveLength(3));
    expect(lineText('Description', 3)).toHaveValue('Tool Holder (TH-10)');
    expect(screen.getByRole('combobox', { name: 'GST %, line 3' })).toHaveValue('28');
    expect(lineInput('Rate ₹', 3)).toHaveValue(1200);

    await user.click(screen.getByRole('button', { name: 'Move line 3 up' }));
    expect(lineText('Description', 2)).toHaveValue('Tool Holder (TH-10)');
    await user.click(screen.getByRole('button', { name: 'Remove line 1' }));
    expect(screen.getAllByTestId('quotation-line')).toHaveLength(2);
    expect(lineText('Description', 1)).toHaveValue('Tool Holder (TH-10)');
  });

  it("shows the server's refusal of a field at that field, in the staff member's language", async () => {
    catalogueApi();
    server.use(
      http.post('/api/inquiries/:id/quotations', () =>
        HttpResponse.json(
          {
            message: 'lines.0.hsn: An HSN code has 4, 6 or 8 digits',
            issues: [{ path: ['lines', '0', 'hsn'], message: 'An HSN code has 4, 6 or 8 digits' }],
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderAt('/admin/inquiries/i1/quotation', { wrapper: inAdminLocale('ta') });
    await screen.findByRole('heading', { level: 1, name: 'விலைப்புள்ளி தயாரி' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'மாநிலம் (விநியோக இடம்)' }), '33');
    await user.click(screen.getByRole('button', { name: 'வரைவைச் சேமி' }));

    const hsn = screen.getByRole('textbox', { name: 'HSN/SAC, வரி 1' });
    await waitFor(() => expect(hsn).toHaveAccessibleDescription('HSN குறியீட்டில் 4, 6 அல்லது 8 இலக்கங்கள் இருக்கும்'));
    expect(hsn).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'விலைப்புள்ளி சேமிக்கப்படவில்லை: சிவப்பில் குறிக்கப்பட்ட புலங்களைச் சரிபார்க்கவும்.',
    );
  });

  it('Save and send saves, sends and shows the buyer’s link with a Copy button', async () => {
    catalogueApi();
    const calls: string[] = [];
    let stored: Quotation = buildQuotation({ id: 'q7' });
    const link = 'https://kpm.example/quotation/3f9c2a7d1b';
    server.use(
      http.post('/api/inquiries/:id/quotations', () => {
        calls.push('create');
        return HttpResponse.json(stored, { status: 201 });
      }),
      http.post('/api/quotations/q7/send', () => {
        calls.push('send');
        stored = { ...stored, status: 'sent', sentAt: '2026-11-21T06:00:00.000Z' };
        return HttpResponse.json({ status: 'sent', link });
      }),
      http.get('/api/quotations/q7', () => HttpResponse.json(stored)),
    );
    const user = userEvent.setup({ delay: null });
    renderAt('/admin/inquiries/i1/quotation');
    await screen.findByRole('heading', { level: 1, name: 'Prepare quotation' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'State (place of supply)' }), '33');
    await user.click(screen.getByRole('button', { name: 'Save and send' }));

    const field = await screen.findByRole('textbox', { name: "The buyer's link (to share by WhatsApp or phone too)" });
    expect(field).toHaveValue(link);
    expect(calls).toEqual(['create', 'send']);
    expect(await screen.findByText('Sent', { selector: '[data-status]' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(link);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('warns that saving a sent quotation makes its next revision, and PUTs it', async () => {
    const sent = buildQuotation({ id: 'q1', status: 'sent', sentAt: '2026-11-21T06:00:00.000Z' });
    const revision = buildQuotation({ id: 'q2', number: 'KPM/Q/2026-27/0001-R2', revision: 2, status: 'draft' });
    const puts: { id: string; body: unknown }[] = [];
    server.use(
      http.get('/api/quotations/q1', () => HttpResponse.json(sent)),
      http.get('/api/quotations/q2', () => HttpResponse.json(revision)),
      http.put('/api/quotations/:id', async ({ params, request }) => {
        puts.push({ id: String(params.id), body: await request.json() });
        return HttpResponse.json(revision, { status: 201 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderAt('/admin/quotations/q1/edit');

    expect(await screen.findByRole('heading', { level: 1, name: 'Revise quotation KPM/Q/2026-27/0001' })).toBeVisible();
    expect(screen.getByRole('note')).toHaveTextContent(
      'This quotation has been sent. Saving makes revision 2 and supersedes KPM/Q/2026-27/0001, which stays as the buyer received it.',
    );
    expect(screen.getByRole('button', { name: 'Save revision 2 and send' })).toBeInTheDocument();
    const quantity = lineInput('Qty', 1);
    await user.clear(quantity);
    await user.type(quantity, '4');
    await user.click(screen.getByRole('button', { name: 'Save as revision 2' }));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.id).toBe('q1');
    expect(puts[0]?.body).toMatchObject({
      buyer: { name: 'Ravi Kumar', state: '33', company: 'Kumar Engineering' },
      lines: [{ itemId: 's1', quantity: 4, rate: 500, gstRate: 18, hsn: '8466' }],
      terms: { payment: '50% advance', delivery: '2 weeks' },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit quotation KPM/Q/2026-27/0001-R2' }),
    ).toBeVisible();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('does not offer to change an accepted quotation', async () => {
    server.use(
      http.get('/api/quotations/q1', () =>
        HttpResponse.json(buildQuotation({ status: 'accepted', acceptedAt: '2026-11-22T06:00:00.000Z' })),
      ),
    );
    renderAt('/admin/quotations/q1/edit');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'KPM/Q/2026-27/0001 is Accepted and cannot be changed any more.',
    );
    expect(screen.queryByRole('button', { name: /Save/ })).not.toBeInTheDocument();
  });

  it('speaks Tamil: labels, buttons and the totals, numbers in Indian grouping', async () => {
    catalogueApi();
    const user = userEvent.setup({ delay: null });
    renderAt('/admin/inquiries/i1/quotation', { wrapper: inAdminLocale('ta') });

    expect(await screen.findByRole('heading', { level: 1, name: 'விலைப்புள்ளி தயாரி' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'வாங்குபவர்' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'சேமித்து அனுப்பு' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'GST %, வரி 1' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'மாநிலம் (விநியோக இடம்)' }), '33');
    const region = screen.getByRole('region', { name: 'சுருக்கம்' });
    expect(within(region).getByText('வரிக்குட்பட்ட மதிப்பு')).toBeInTheDocument();
    expect(region.querySelector('[data-figure="taxable"] dd')).toHaveTextContent('₹18,51,350.00');
  });
});
