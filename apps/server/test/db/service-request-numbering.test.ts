import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INQUIRY_RATE_LIMIT, SERVICE_REFERENCE_PATTERN } from '@capstan/shared';
import { serviceRequestYear } from '../../src/modules/service-requests/service-request-numbering';
import { raiseRequest, requestFields } from '../helpers/service-requests';
import { type SecondInstance, secondInstance } from '../helpers/second-instance';
import { wholeState } from '../helpers/staff';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let other: SecondInstance;

beforeAll(async () => {
  t = await createTestApp();
  other = await secondInstance(t);
}, 60_000);
afterAll(async () => {
  await other.close();
  await t.close();
});

const sequenceOf = (reference: string) => Number(reference.split('-')[2]);

describe('service request references', () => {
  it('are numbered without gap or duplicate when many arrive at once on two instances, refused ones among them', async () => {
    const year = serviceRequestYear(new Date());
    const sends = Array.from({ length: 24 }, (_unused, index) => {
      const app = index % 2 === 0 ? t.app : other.app;
      // Every third one is refused (no symptom): it must not use up a number.
      const fields = requestFields({ email: '', symptom: index % 3 === 2 ? '' : `Fault ${index}` });
      return raiseRequest(app, fields, `198.51.100.${index + 1}`);
    });
    const responses = await Promise.all(sends);
    const accepted = responses.filter((response) => response.statusCode === 201);
    expect(accepted).toHaveLength(16);
    expect(responses.filter((response) => response.statusCode === 400)).toHaveLength(8);
    const references = accepted.map((response) => response.json<{ reference: string }>().reference);
    for (const reference of references) {
      expect(reference).toMatch(SERVICE_REFERENCE_PATTERN);
      expect(reference.startsWith(`SR-${year}-`)).toBe(true);
    }
    expect(references.map(sequenceOf).sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_u, i) => i + 1));
    const rows = await t.ctx.db.selectFrom('service_requests').select('reference').execute();
    expect(rows.map((row) => row.reference).sort()).toEqual([...references].sort());
  });

  it('are not used up by a request refused at the allowance (429 with Retry-After), which stores nothing', async () => {
    const address = '192.0.2.77';
    const before = await t.ctx.db.selectFrom('service_requests').select('reference').execute();
    // Refused ones use up nothing (decision 049): the visitor who corrects a field is not then held back.
    for (let index = 0; index < 3; index++) {
      expect((await raiseRequest(t.app, requestFields({ symptom: '' }), address)).statusCode).toBe(400);
    }
    for (let index = 0; index < INQUIRY_RATE_LIMIT; index++) {
      const response = await raiseRequest(t.app, requestFields({ email: '' }), address);
      expect(response.statusCode, response.body).toBe(201);
    }
    const state = await wholeState(t);
    const refused = await raiseRequest(t.app, requestFields({ email: '', locale: 'ta' }), address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json<{ message: string }>().message).toContain('சர்வீஸ் கோரிக்கைகள் வந்துள்ளன');
    // The other instance shares the count (it lives in the database).
    expect((await raiseRequest(other.app, requestFields({ email: '' }), address)).statusCode).toBe(429);
    expect(await wholeState(t)).toEqual(state);
    // Another address is not held back; its number follows the last one given.
    const next = await raiseRequest(t.app, requestFields({ email: '' }), '192.0.2.78');
    expect(next.statusCode).toBe(201);
    expect(sequenceOf(next.json<{ reference: string }>().reference)).toBe(before.length + INQUIRY_RATE_LIMIT + 1);
  });
});
