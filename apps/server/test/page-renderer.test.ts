import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { SsrEntryModule } from '@capstan/shared';
import { createPageRenderer } from '../src/modules/ssr/page-renderer';
import { parseTemplate, type WebBuild } from '../src/modules/ssr/web-build';

const template = parseTemplate(
  '<html><head><!--app-head--><title>x</title><!--/app-head--></head><body><div id="root"><!--app-html--></div><!--app-data--></body></html>',
);

/** A renderer that reads one API answer and shows it, like the real one does through the query layer. */
const entry: SsrEntryModule = {
  render: async (_url, fetchFromApi) => {
    const response = await fetchFromApi('/api/products/featured');
    const text = response.ok ? await response.text() : 'failed';
    return {
      kind: 'page',
      status: 200,
      page: { kind: 'home' },
      html: `<p>${text}</p>`,
      dataJson: '{}',
      lazyModules: [],
    };
  },
};
const build: WebBuild = { template, entry, chunkFiles: () => [] };

let app: ReturnType<typeof Fastify> | undefined;
afterEach(async () => {
  await app?.close();
});

async function appAnswering(status: number) {
  let calls = 0;
  app = Fastify();
  app.get('/api/products/featured', async (request: FastifyRequest, reply: FastifyReply) => {
    calls += 1;
    if (status === 200 && request.headers['if-none-match'] === '"v1"') return reply.status(304).send();
    return reply
      .status(status)
      .header('etag', '"v1"')
      .send(status === 200 ? '["machine"]' : { message: 'busy' });
  });
  const renderPage = createPageRenderer(app, build, 'http://example.test');
  app.get('/', renderPage);
  await app.ready();
  return { app, calls: () => calls };
}

describe('page renderer', () => {
  it('renders with the API answer and reuses the page while its ETag holds', async () => {
    const { app, calls } = await appAnswering(200);
    const first = await app.inject({ method: 'GET', url: '/' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<p>["machine"]</p>');
    const second = await app.inject({ method: 'GET', url: '/' });
    expect(second.body).toBe(first.body);
    // The second visit only revalidated (one conditional GET), it did not render again.
    expect(calls()).toBe(2);
  });

  it('answers 503 with Retry-After, not a page built on a failed answer, when the API is unavailable', async () => {
    const { app } = await appAnswering(503);
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.body).not.toContain('failed');
    expect(response.body).toContain('<meta name="robots" content="noindex');
  });
});
