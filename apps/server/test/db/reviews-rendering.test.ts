import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

const HOSTILE_TEXT = '<script>alert("x")</script> Good lathes <img src=x onerror=alert(1)> & fair prices';
const HOSTILE_NAME = '<img src=y onerror=alert(2)> Ravi';

/** Every `<script …>…</script>` block's content (the app's data, JSON-LD, module lists). */
function scriptBlocks(html: string): string[] {
  return [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
}

describe('approved reviews on the server-rendered landing page', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(webDist, 'index.html'))) {
      throw new Error('apps/web/dist is missing: run `npm run build` before the server tests');
    }
    t = await createTestApp({ webDistDir: webDist });
    token = await t.login();
  });
  afterAll(async () => t.close());

  const landing = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('shows a review only once approved, after the configured testimonials, and never as HTML', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: { rating: 4, text: HOSTILE_TEXT, name: HOSTILE_NAME, company: 'Ravi <b>Tools</b>' },
    });
    expect(sent.statusCode).toBe(201);
    const { id } = sent.json<{ id: string }>();

    const before = await landing();
    expect(before).toContain('What our clients say');
    expect(before).not.toContain('Good lathes');

    const approved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/reviews/${id}`,
      payload: { status: 'approved' },
      headers: bearer(token),
    });
    expect(approved.statusCode).toBe(200);

    // The page cached before the approval depends on /api/reviews' ETag, so it is rendered again.
    const html = await landing();
    expect(html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Good lathes &lt;img src=x onerror=alert(1)&gt; &amp; fair prices',
    );
    expect(html).toContain('&lt;img src=y onerror=alert(2)&gt; Ravi');
    expect(html).toContain('Ravi &lt;b&gt;Tools&lt;/b&gt;');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<img src=y');
    expect(html).not.toContain('<b>Tools');
    // After the configured testimonials (the last of today's is Mohammed Irfan's).
    const testimonials = html.slice(html.indexOf('What our clients say'));
    expect(testimonials.indexOf('Good lathes')).toBeGreaterThan(testimonials.indexOf('Mohammed Irfan'));

    // No script block of the page can be closed by the review's text.
    for (const block of scriptBlocks(html)) {
      expect(block).not.toMatch(/<\/?(script|img|b)\b/i);
    }
    // The app takes the reviews from /api/reviews after the first paint (decision 060): the page
    // names that answer, and the answer carries the review as JSON text.
    const appData = /<script type="application\/json" id="app-data">([^<]*)<\/script>/.exec(html)?.[1];
    expect((JSON.parse(appData ?? '{}') as { fetch?: string[] }).fetch).toContain('/api/reviews');
    const reviews = await t.app.inject({ method: 'GET', url: '/api/reviews' });
    expect(reviews.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.stringify(reviews.json())).toContain(JSON.stringify(HOSTILE_TEXT).slice(1, -1));

    const rejected = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/reviews/${id}`,
      payload: { status: 'rejected' },
      headers: bearer(token),
    });
    expect(rejected.statusCode).toBe(200);
    expect(await landing()).not.toContain('Good lathes');
  });
});
