import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COMPANY } from '@capstan/shared';
import { createTestApp, type TestApp } from '../helpers/test-app';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

// React separates neighbouring text with <!-- -->; the reader sees one text.
const rootMarkup = (html: string) =>
  html
    .slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'))
    .replaceAll('<!-- -->', '');

/** The opening tag of the element whose markup contains `marker`. */
const openingTag = (html: string, marker: string) => {
  const at = html.indexOf(marker);
  return at === -1 ? '' : html.slice(html.lastIndexOf('<', at), html.indexOf('>', at) + 1);
};

describe("the buyer's service pages as the server sends them (issue 40)", () => {
  let t: TestApp;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(webDist, 'index.html'))) {
      throw new Error('apps/web/dist is missing: run `npm run build` before the server tests');
    }
    t = await createTestApp({ webDistDir: webDist });
  });
  afterAll(async () => t.close());

  it('/service is a real multipart form to POST /service that works without JavaScript', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/service?serial=KPM2201%2F7' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-robots-tag']).toBeUndefined();
    expect(response.body).toContain('<html lang="en">');
    expect(response.body).toContain(`<title>Request service | ${DEFAULT_COMPANY.name}</title>`);
    expect(response.body).toContain(`<link rel="canonical" href="${t.config.publicUrl}/service">`);
    expect(response.body).toContain(`<link rel="alternate" hreflang="hi" href="${t.config.publicUrl}/hi/service">`);
    const root = rootMarkup(response.body);
    // HTML's attribute names have no case: React writes `encType`.
    const form = openingTag(root, '="multipart/form-data"');
    expect(form).toMatch(/enctype="multipart\/form-data"/i);
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/service"');
    expect(root).toContain('<input type="hidden" name="locale" value="en"/>');
    const photos = openingTag(root, 'type="file"');
    expect(photos).toContain('name="images"');
    expect(photos).toContain('accept="image/*"');
    expect(photos).toContain('multiple=""');
    expect(photos).not.toContain('disabled');
    for (const name of ['serial', 'phone', 'name', 'email', 'symptom', 'machineDown', 'preferredDate']) {
      expect(root, name).toContain(`name="${name}"`);
    }
    // The serial My machine's link carries is in the form sent without the app.
    expect(openingTag(root, 'name="serial"')).toContain('value="KPM2201/7"');
    expect(root).toContain('href="/my-machine"');
  });

  it('is in Tamil and Hindi at /ta/service and /hi/service, posting to the same action with its language', async () => {
    const tamil = await t.app.inject({ method: 'GET', url: '/ta/service' });
    expect(tamil.statusCode).toBe(200);
    expect(tamil.body).toContain('<html lang="ta">');
    expect(tamil.body).toContain(`<title>சர்வீஸ் கோரிக்கை | ${DEFAULT_COMPANY.name}</title>`);
    const tamilRoot = rootMarkup(tamil.body);
    expect(tamilRoot).toContain('சீரியல் எண்');
    expect(openingTag(tamilRoot, '="multipart/form-data"')).toContain('action="/service"');
    expect(tamilRoot).toContain('<input type="hidden" name="locale" value="ta"/>');

    const hindi = await t.app.inject({ method: 'GET', url: '/hi/service' });
    expect(hindi.body).toContain('<html lang="hi">');
    expect(rootMarkup(hindi.body)).toContain('<input type="hidden" name="locale" value="hi"/>');
  });

  it('/my-machine is kept from search engines and says, without JavaScript, whom to call', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/hi/my-machine' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.body).toContain('<html lang="hi">');
    expect(response.body).toContain(`<title>मेरी मशीन | ${DEFAULT_COMPANY.name}</title>`);
    const root = rootMarkup(response.body);
    const phone = DEFAULT_COMPANY.phones[0]!.number;
    expect(root).toContain(`<noscript><p class=`);
    expect(root).toContain(`हमें ${phone} पर कॉल करें`);
    // The first step is drawn, but cannot be sent until the app runs.
    expect(openingTag(root, '<fieldset')).toContain('disabled');
  });

  it('sends /service/sent, asked for by address, back to the form', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/ta/service/sent' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/ta/service');
  });
});
