import { type Page } from '@playwright/test';
import { expect, test, gotoReady, scrollUntilShown, waitForLanding } from './fixtures';

// Decision 052: the chat answers a named item from the catalogue, and offers the quote form and
// WhatsApp when it cannot help.

async function openChat(page: Page) {
  await gotoReady(page, '/');
  await waitForLanding(page);
  // The group steps aside where text or the contact form lies under it: go where it is shown.
  await scrollUntilShown(page, '/');
  const group = page.getByRole('button', { name: 'Contact us' });
  if (await group.isVisible()) await group.click();
  await page.getByRole('button', { name: 'Open chat' }).click();
  const input = page.getByRole('textbox', { name: 'Type your message' });
  await expect(page.getByRole('log', { name: 'Chat messages' })).toContainText('Hello!');
  return input;
}

test('asked the NP-38’s price, the chat gives its catalogue price, its page and a Request Quote for it', async ({
  page,
}) => {
  const input = await openChat(page);
  await input.fill('NP-38 price');
  await input.press('Enter');
  const log = page.getByRole('log', { name: 'Chat messages' });
  await expect(log).toContainText('The catalogue price of the NP-38 All-Geared Capstan Lathe is ₹18,90,000.', {
    timeout: 5000,
  });
  await expect(log).not.toContainText('₹15,00,000 to ₹45,00,000');
  await expect(log.getByRole('link', { name: 'NP-38 All-Geared Capstan Lathe', exact: true })).toHaveAttribute(
    'href',
    /^\/product\/[0-9a-f-]{36}$/,
  );

  await log.getByRole('link', { name: 'Request Quote: NP-38 All-Geared Capstan Lathe' }).click();
  // The service it preselects is the quote link's own rule (lib/quote-link.ts); the chat adds the product.
  await expect(page).toHaveURL(/\?service=[a-z-]+&product=NP-38%20All-Geared%20Capstan%20Lathe#contact$/);
  await expect(page.getByRole('dialog', { name: 'Chat with us' })).toBeHidden();
});

test('a question it cannot answer offers the quote form and WhatsApp, with the question', async ({ page }) => {
  const input = await openChat(page);
  await input.fill('Do you export to Kenya?');
  await input.press('Enter');
  const log = page.getByRole('log', { name: 'Chat messages' });
  await expect(log.getByRole('link', { name: 'Request a quote' })).toHaveAttribute(
    'href',
    '/?service=general#contact',
    {
      timeout: 5000,
    },
  );
  const whatsapp = log.getByRole('link', { name: /WhatsApp us/ });
  await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=.*Do%20you%20export%20to%20Kenya%3F$/);
  await expect(whatsapp).toHaveAttribute('target', '_blank');
});
