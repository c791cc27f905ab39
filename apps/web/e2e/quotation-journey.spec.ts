import type { APIRequestContext } from '@playwright/test';
import type { Inquiry, Quotation } from '@capstan/shared';
import { adminToken, expect, loginAsAdmin, test, watchPageProblems } from './fixtures';

/**
 * Issue 39 from the staff side to the buyer's phone, through the real server: an enquiry with two
 * lines becomes a GST quotation in the back office (another state: IGST), is sent, and the buyer
 * accepts it from the link without JavaScript; the enquiry is then won.
 */

interface ListedItem {
  id: string;
  name: string;
}

async function first(request: APIRequestContext, path: string): Promise<ListedItem> {
  const [item] = (await (await request.get(path)).json()) as ListedItem[];
  if (!item) throw new Error(`the demo catalogue has nothing at ${path}`);
  return item;
}

async function staffGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const token = await adminToken(request);
  const response = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
}

test('staff quote an enquiry with GST, send it, and the buyer accepts it from the link', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const problems = watchPageProblems(page);
  const machine = await first(request, '/api/products?category=machine&limit=1');
  const part = await first(request, '/api/spareparts?limit=1');
  const lastName = `Gst-${Date.now()}`;
  const sent = await request.post('/api/inquiries', {
    data: {
      firstName: 'Meera',
      lastName,
      email: 'meera@example.in',
      phone: '+91 98450 12345',
      message: 'Please quote for delivery to Bengaluru.',
      items: [
        { id: machine.id, quantity: 1 },
        { id: part.id, quantity: 4 },
      ],
    },
  });
  expect(sent.status()).toBe(201);
  const inquiryId = ((await sent.json()) as { id: string }).id;

  // From the enquiry in the inbox, the editor opens with its lines.
  await loginAsAdmin(page);
  await page.goto('/admin/inquiries');
  await page.getByRole('link', { name: `Prepare a quotation for Meera ${lastName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prepare quotation' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`Meera ${lastName}`);
  await expect(page.getByLabel('Description, line 1')).toHaveValue(new RegExp(machine.name));
  await expect(page.getByLabel('Qty, line 2')).toHaveValue('4');

  // A buyer in Karnataka without a GSTIN: IGST at the full rate.
  await page.getByLabel('State (place of supply)').selectOption('29');
  await page.getByLabel('Rate ₹, line 1').fill('1000000');
  await page.getByLabel('Rate ₹, line 2').fill('2500.50');
  await page.getByLabel('GST %, line 1').selectOption('18');
  await page.getByLabel('GST %, line 2').selectOption('18');
  const summary = page.getByRole('region', { name: 'Summary' });
  // 10,00,000 + 4 × 2,500.50 = 10,10,002.00; IGST 18% = 1,81,800.36; total rounded to ₹11,91,802.
  await expect(summary).toContainText('₹10,10,002.00');
  await expect(summary).toContainText('IGST');
  await expect(summary).toContainText('₹11,91,802.00');
  await expect(summary).toContainText('Rupees Eleven Lakh Ninety-One Thousand Eight Hundred Two Only');

  await page.getByRole('button', { name: 'Save and send' }).click();
  const link = await page.getByLabel("The buyer's link (to share by WhatsApp or phone too)").inputValue();
  expect(link).toMatch(/\/q\/[A-Za-z0-9_-]{43}$/);

  const [quotation] = await staffGet<Quotation[]>(request, `/api/quotations?inquiryId=${inquiryId}`);
  expect(quotation).toMatchObject({ status: 'sent', revision: 1, supply: 'interState' });
  expect(quotation?.totals).toEqual({
    taxableValue: 1010002,
    cgst: 0,
    sgst: 0,
    igst: 181800.36,
    roundOff: -0.36,
    total: 1191802,
  });

  // The buyer, on a phone without JavaScript, accepts it.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  const buyer = await phone.newPage();
  await buyer.goto(new URL(link).pathname);
  await expect(buyer.getByRole('heading', { level: 1 })).toContainText(quotation!.number);
  await buyer.getByLabel('Your name').fill('Meera Iyer');
  await buyer.getByLabel('Purchase order number (optional)').fill('PO-7781');
  await buyer.getByRole('button', { name: 'Accept quotation' }).click();
  await expect(buyer.getByText(/Accepted by Meera Iyer on /)).toBeVisible();
  await expect(buyer.getByText('Purchase order number: PO-7781')).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Accept quotation' })).toHaveCount(0);
  await phone.close();

  const accepted = await staffGet<Quotation>(request, `/api/quotations/${quotation!.id}`);
  expect(accepted).toMatchObject({ status: 'accepted', acceptance: { name: 'Meera Iyer', purchaseOrder: 'PO-7781' } });
  const inquiries = await staffGet<Inquiry[]>(request, `/api/inquiries?q=${encodeURIComponent(lastName)}`);
  expect(inquiries.find((inquiry) => inquiry.id === inquiryId)?.status).toBe('won');
  expect(problems).toEqual([]);
});
