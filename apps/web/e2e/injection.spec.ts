import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test, acceptDialogs, adminToken, gotoReady, loginAsAdmin, waitForLanding } from './fixtures';

/**
 * Stored XSS: every text field of every kind of record holds markup that, if a page ever wrote it
 * as HTML, an attribute or a URL, would set window.__xss or open a dialog. Pages must show it as text.
 */
const unique = `XSS${Date.now().toString(36)}`;
const PAYLOADS = {
  name: `${unique} <img src=x onerror="window.__xss=1;alert(1)">`,
  description: `<script>window.__xss=1;alert(1)</script></script><script>window.__xss=1</script> ${unique}`,
  category: `"><svg onload=window.__xss=1>`,
  brand: 'javascript:window.__xss=1',
  feature: `' onmouseover='window.__xss=1' x='`,
  specKey: '<svg onload="window.__xss=1">',
  specValue: '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  template: '${window.__xss=1}{{constructor.constructor("window.__xss=1")()}}',
};

interface Created {
  machineId: string;
  partId: string;
  serviceId: string;
}

async function createRecords(request: APIRequestContext): Promise<Created> {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const specifications = JSON.stringify({ [PAYLOADS.specKey]: PAYLOADS.specValue, Template: PAYLOADS.template });

  const machine = await request.post('/api/products', {
    headers,
    multipart: {
      name: PAYLOADS.name,
      description: PAYLOADS.description,
      // The public Machines tab lists category "machine" (SPEC §7); the payload goes in the brand and inquiry.
      category: 'machine',
      brand: PAYLOADS.brand,
      features: JSON.stringify([PAYLOADS.feature, PAYLOADS.template]),
      specifications,
      featured: 'true',
    },
  });
  expect(machine.status(), await machine.text()).toBe(201);

  const part = await request.post('/api/spareparts', {
    headers,
    multipart: { name: `${PAYLOADS.name} part`, description: PAYLOADS.description, specifications, price: '100' },
  });
  expect(part.status(), await part.text()).toBe(201);

  const service = await request.post('/api/services', {
    headers,
    data: {
      name: `${PAYLOADS.name} service`,
      description: PAYLOADS.description,
      specification: [{ key: PAYLOADS.specKey, value: PAYLOADS.specValue }],
    },
  });
  expect(service.status(), await service.text()).toBe(201);

  const inquiry = await request.post('/api/inquiries', {
    data: {
      firstName: PAYLOADS.name,
      lastName: PAYLOADS.category,
      email: 'xss@example.com',
      phone: '+91 98765 43210',
      message: PAYLOADS.description,
      product: PAYLOADS.specValue,
    },
  });
  expect(inquiry.status(), await inquiry.text()).toBe(201);

  return {
    machineId: ((await machine.json()) as { id: string }).id,
    partId: ((await part.json()) as { id: string }).id,
    serviceId: ((await service.json()) as { id: string }).id,
  };
}

async function expectNoScriptRan(page: Page, dialogs: string[], where: string): Promise<void> {
  // Handlers such as onerror and onload fire on their own, before the load event; a script queued
  // by one of them would have run by the next frames.
  await page.waitForLoadState('load');
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)))),
  );
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss), where).toBeUndefined();
  expect(dialogs, where).toEqual([]);
}

/** The payload appears as characters, on the page or in a form field. */
async function expectShownAsText(page: Page, text: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate((wanted) => {
        if (document.body.innerText.includes(wanted)) return true;
        return Array.from(document.querySelectorAll('input, textarea')).some(
          (field) => (field as HTMLInputElement | HTMLTextAreaElement).value === wanted,
        );
      }, text),
    )
    .toBe(true);
}

test('stored script payloads are shown as text on public and admin pages, and none runs', async ({ page, request }) => {
  const created = await createRecords(request);
  const dialogs = acceptDialogs(page);

  // The server-rendered HTML never carries the markup unescaped (script blocks included).
  for (const url of ['/', '/products', `/product/${created.machineId}`]) {
    const html = await (await request.get(url)).text();
    expect(html, url).not.toContain('<img src=x onerror=');
    expect(html, url).not.toContain('</script><script>window.__xss');
    expect(html, url).not.toContain('<svg onload');
  }

  await page.goto('/');
  await waitForLanding(page);
  await expectNoScriptRan(page, dialogs, 'home');

  await page.goto(`/products?tab=machines&q=${encodeURIComponent(unique)}`);
  await expectShownAsText(page, PAYLOADS.name);
  await expectNoScriptRan(page, dialogs, 'products (machines)');
  for (const tab of ['spares', 'services']) {
    await page.goto(`/products?tab=${tab}&q=${encodeURIComponent(unique)}`);
    await expectShownAsText(page, unique);
    await expectNoScriptRan(page, dialogs, `products (${tab})`);
  }

  // Once as served, once as the app renders it after the visitor's first move (decision 009).
  await page.goto(`/product/${created.machineId}`);
  await expectShownAsText(page, PAYLOADS.name);
  await expectNoScriptRan(page, dialogs, 'product page (server HTML)');
  await gotoReady(page, `/product/${created.machineId}`);
  await expectShownAsText(page, PAYLOADS.name);
  await expectShownAsText(page, PAYLOADS.specValue);
  await expectNoScriptRan(page, dialogs, 'product page');

  await loginAsAdmin(page);
  // `search` names a list's search box: lists show a page at a time (decision 010), so look the record up.
  const adminPages: { url: string; text: string; search?: string }[] = [
    { url: '/admin/products', text: PAYLOADS.name, search: 'Search machines' },
    { url: `/admin/products/${created.machineId}`, text: PAYLOADS.name },
    { url: `/admin/products/edit/${created.machineId}`, text: PAYLOADS.name },
    { url: '/admin/spare-parts', text: `${PAYLOADS.name} part`, search: 'Search spare parts' },
    { url: `/admin/spareparts/edit/${created.partId}`, text: `${PAYLOADS.name} part` },
    { url: `/admin/services/edit/${created.serviceId}`, text: `${PAYLOADS.name} service` },
    { url: '/admin/featured-products', text: PAYLOADS.name },
    { url: '/admin/inquiries', text: PAYLOADS.name },
  ];
  for (const { url, text, search } of adminPages) {
    await page.goto(url);
    if (search) await page.getByLabel(search, { exact: true }).fill(unique);
    await expectShownAsText(page, text);
    await expectNoScriptRan(page, dialogs, url);
  }
  // The inquiry's message, on the inquiries screen the loop ended on.
  await expectShownAsText(page, PAYLOADS.description);
});
