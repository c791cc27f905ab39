import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { setRenderOrigin } from '@/lib/site-origin';
import { buildSiteSettings, withSiteSettings } from '@/testing/site-settings';
import { WhatsAppItemLink } from './whatsapp-item-link';

const item = { id: 'a1b2', name: 'NP-38 All-Geared Capstan Lathe', code: 'NP-38' };
const site = buildSiteSettings((settings) => {
  settings.company.whatsapp = { number: '+91 88888 00002', message: 'Hello' };
});

/** The message a wa.me link starts with. */
const messageOf = (href: string | null) => new URL(href!).searchParams.get('text');

describe('WhatsAppItemLink', () => {
  afterEach(() => document.head.querySelector('link[rel="canonical"]')?.remove());

  it("starts a WhatsApp message to the company's number naming the item, its code and its page", () => {
    const link = document.createElement('link');
    link.rel = 'canonical';
    link.href = 'https://kovai.example/products';
    document.head.append(link);
    render(<WhatsAppItemLink item={item} />, { wrapper: withSiteSettings(site) });
    const whatsapp = screen.getByRole('link', { name: /^WhatsApp about this item: NP-38 All-Geared Capstan Lathe/ });
    expect(whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/918888800002\?text=/);
    expect(messageOf(whatsapp.getAttribute('href'))).toBe(
      'Hello, I am interested in NP-38 All-Geared Capstan Lathe (NP-38): https://kovai.example/product/a1b2',
    );
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(whatsapp.getAttribute('rel')).toContain('noopener');
  });

  it('leaves out a code the item does not have', () => {
    render(<WhatsAppItemLink item={{ ...item, code: null }} />, { wrapper: withSiteSettings(site) });
    expect(messageOf(screen.getByRole('link').getAttribute('href'))).toBe(
      `Hello, I am interested in NP-38 All-Geared Capstan Lathe: ${window.location.origin}/product/a1b2`,
    );
  });

  it("writes the site's public address in the server's HTML", () => {
    const Wrapper = withSiteSettings(site);
    const documentGlobal = globalThis.document;
    setRenderOrigin('https://kovai.example');
    // As on the server: no document.
    Reflect.deleteProperty(globalThis, 'document');
    let html: string;
    try {
      html = renderToString(
        <Wrapper>
          <WhatsAppItemLink item={item} />
        </Wrapper>,
      );
    } finally {
      globalThis.document = documentGlobal;
    }
    const href = /href="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&');
    expect(messageOf(href)).toContain(': https://kovai.example/product/a1b2');
  });
});
