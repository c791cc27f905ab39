import fs from 'node:fs/promises';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isStorageFailure,
  OUT_OF_STORAGE_MESSAGE,
  OUT_OF_STORAGE_RETRY_AFTER_SECONDS,
  registerErrorHandler,
} from '../../src/plugins/error-handler';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS,
  isDatabaseUnavailable,
} from '../../src/db/database-unavailable';
import { createTestApp, type TestApp } from '../helpers/test-app';

const withCode = (code: string, message = 'write failed') => Object.assign(new Error(message), { code });

describe('isStorageFailure', () => {
  it.each([
    ['ENOSPC (file writes)', withCode('ENOSPC')],
    ['EDQUOT (quota)', withCode('EDQUOT')],
    ['SQLITE_FULL', withCode('SQLITE_FULL', 'database or disk is full')],
    ['SQLITE_IOERR_WRITE', withCode('SQLITE_IOERR_WRITE', 'disk I/O error')],
    ['PostgreSQL 53100 disk_full', withCode('53100', 'could not extend file')],
    ['a wrapped ENOSPC', new Error('upload failed', { cause: withCode('ENOSPC') })],
    ['a libvips message', new Error('VipsForeignSave: write error (No space left on device)')],
  ])('recognises %s', (_label, error) => {
    expect(isStorageFailure(error)).toBe(true);
  });

  it.each([
    ['ENOENT', withCode('ENOENT')],
    ['a unique violation', withCode('23505')],
    ['SQLITE_CONSTRAINT', withCode('SQLITE_CONSTRAINT_UNIQUE')],
    ['a plain error', new Error('boom')],
    ['a non-error', 'ENOSPC'],
    ['null', null],
  ])('leaves %s alone', (_label, error) => {
    expect(isStorageFailure(error)).toBe(false);
  });
});

describe('a database away', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a restart (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['the statement timeout (57014)', withCode('57014', 'canceling statement due to statement timeout')],
    ['a full pool', new Error('timeout exceeded when trying to connect')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['SQLite busy past its timeout', withCode('SQLITE_BUSY', 'database is locked')],
    ['a wrapped one', new Error('query failed', { cause: withCode('ECONNRESET') })],
  ])('is recognised in %s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a plain error', new Error('boom')],
  ])('is not %s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('is answered 503 with Retry-After and a plain message', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/away', async () => {
      throw new Error('query failed', {
        cause: withCode('57P01', 'terminating connection due to administrator command'),
      });
    });
    const response = await app.inject({ method: 'GET', url: '/away' });
    await app.close();
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS));
    expect(response.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
  });
});

describe('error handler on storage failures', () => {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/sqlite-full', async () => {
    throw withCode('SQLITE_FULL', 'database or disk is full');
  });
  app.get('/enospc', async () => {
    throw new Error('pipeline failed', { cause: withCode('ENOSPC', 'ENOSPC: no space left on device, write') });
  });
  app.get('/postgres-full', async () => {
    throw withCode('53100', 'could not extend file "base/16384/16385": No space left on device');
  });
  app.get('/other', async () => {
    throw new Error('secret internals');
  });
  afterAll(() => app.close());

  it.each(['/sqlite-full', '/enospc', '/postgres-full'])('%s → 503, Retry-After and a clear message', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(OUT_OF_STORAGE_RETRY_AFTER_SECONDS));
    expect(response.json()).toEqual({ message: OUT_OF_STORAGE_MESSAGE });
  });

  it('any other failure is still a plain 500 that says nothing of the inside', async () => {
    const response = await app.inject({ method: 'GET', url: '/other' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(response.json()).toEqual({ message: 'Internal Server Error' });
  });
});

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is 200 when the database answers and the upload folder takes a file', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', uploads: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
    // It writes nothing, anywhere: a balancer asks many times a second.
    for (let i = 0; i < 5; i++) await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(await fs.readdir(t.ctx.images.temp.dir)).toEqual([]);
  });

  it('stays ready (200, degraded) naming the uploads after an upload failed for the store, until one is stored', async () => {
    t.ctx.images.status.failed();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'degraded', database: 'ok', uploads: 'failing' });
    expect(response.json<{ message: string }>().message).toMatch(/upload folder|image store/);

    t.ctx.images.status.succeeded();
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      status: 'ok',
      database: 'ok',
      uploads: 'ok',
    });
  });

  it('is 503 naming the database when it cannot be queried', async () => {
    const other = await createTestApp();
    try {
      await other.database.destroy();
      const response = await other.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'failing', database: 'failing', uploads: 'ok' });
      expect(response.json<{ message: string }>().message).toMatch(/database/);
    } finally {
      await other.app.close();
      other.database.destroy = async () => undefined;
      await other.close();
    }
  });
});
