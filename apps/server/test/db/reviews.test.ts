import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditPage, PublicReview, Review, ReviewList } from '@capstan/shared';
import { buildApp } from '../../src/app';
import { createDatabase, type DatabaseHandle } from '../../src/db/database';
import { reviewsResponseCache } from '../../src/modules/reviews/reviews-response-cache';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

const review = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  rating: 5,
  text: 'The CL-25 capstan lathe has run two shifts a day for three years without trouble.',
  name: 'Meena Sundaram',
  position: 'Production Manager',
  company: 'Sundaram Auto Components',
  ...overrides,
});

// The review limit counts every request per address, so each test sends from its own.
let nextAddress = 1;
const freshAddress = () => `10.40.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

function post(payload: Record<string, unknown>, remoteAddress = freshAddress()) {
  return t.app.inject({ method: 'POST', url: '/api/reviews', payload, remoteAddress });
}

function postForm(fields: Record<string, string>, remoteAddress = freshAddress()) {
  return t.app.inject({
    method: 'POST',
    url: '/review',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress,
  });
}

async function submit(overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await post(review(overrides));
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

const reviewCount = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('reviews')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const publicReviews = async (app: FastifyInstance = t.app) => {
  const response = await app.inject({ method: 'GET', url: '/api/reviews' });
  expect(response.statusCode).toBe(200);
  return { list: response.json<PublicReview[]>(), etag: response.headers.etag as string };
};

const adminList = async (query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/admin/reviews${query}`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json<ReviewList>();
};

const decide = (id: string, payload: Record<string, unknown>, headers: Record<string, string> = bearer(token)) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/reviews/${id}`, payload, headers });

describe('POST /api/reviews (the landing page review form)', () => {
  it('stores a review sent without a token as pending and thanks the visitor', async () => {
    const address = freshAddress();
    const response = await post(review({ text: '  Accurate machines and a prompt service team.  ' }), address);
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: string; message: string }>();
    expect(body.message).toBe(
      'Thank you for your review! It will appear on our website after a quick check by our team.',
    );
    const row = await t.ctx.db.selectFrom('reviews').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      rating: 5,
      text: 'Accurate machines and a prompt service team.',
      name: 'Meena Sundaram',
      position: 'Production Manager',
      company: 'Sundaram Auto Components',
      status: 'pending',
      client_ip: address,
    });
  });

  it('treats position and company as optional: omitted or blank is stored as none', async () => {
    const id = await submit({ position: undefined, company: '   ' });
    const row = await t.ctx.db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.position).toBeNull();
    expect(row.company).toBeNull();
  });

  it('refuses bad input with 400 and an issue per field, storing nothing', async () => {
    const before = await reviewCount();
    const cases: [string, Record<string, unknown>][] = [
      ['rating', review({ rating: undefined })],
      ['rating', review({ rating: 0 })],
      ['rating', review({ rating: 6 })],
      ['rating', review({ rating: 4.5 })],
      ['rating', review({ rating: 'five' })],
      ['text', review({ text: undefined })],
      ['text', review({ text: 'Too short.' })],
      ['text', review({ text: `${' '.repeat(30)}short${' '.repeat(30)}` })],
      ['text', review({ text: 'x'.repeat(1001) })],
      ['name', review({ name: '' })],
      ['name', review({ name: '   ' })],
      ['name', review({ name: 'n'.repeat(101) })],
      ['position', review({ position: 'p'.repeat(101) })],
      ['company', review({ company: 'c'.repeat(121) })],
      ['company', review({ company: 42 })],
      ['', review({ status: 'approved' })],
    ];
    for (const [field, payload] of cases) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json<{ message: string; issues: { path: (string | number)[]; message: string }[] }>();
      expect(body.issues.length).toBeGreaterThan(0);
      if (field) expect(body.issues.map((issue) => issue.path[0])).toContain(field);
    }
    expect(await reviewCount()).toBe(before);
  });

  it('accepts exactly 20 and 1,000 characters', async () => {
    await submit({ text: 'a'.repeat(20) });
    await submit({ text: 'b'.repeat(1000) });
  });

  it('accepts 3 from one address an hour, then answers 429 in plain words; inquiries are counted apart', async () => {
    const address = freshAddress();
    const before = await reviewCount();
    for (let i = 0; i < 3; i += 1) expect((await post(review(), address)).statusCode).toBe(201);
    const fourth = await post(review(), address);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json<{ message: string }>().message).toMatch(
      /^We have already received several reviews from your network in the last hour\. Please try again in \d+ minutes\.$/,
    );
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    // The plain form shares the allowance and gives back what was typed.
    const form = await postForm({ rating: '4', text: 'Kept after the limit, as typed.', name: 'Arun' }, address);
    expect(form.statusCode).toBe(429);
    expect(form.body).toContain('Please try again in');
    expect(form.body).toContain('Kept after the limit, as typed.');
    expect(await reviewCount()).toBe(before + 3);

    const inquiry = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      remoteAddress: address,
      payload: {
        firstName: 'Ravi',
        lastName: 'Kumar',
        email: 'ravi@example.in',
        phone: '+91 98765 43210',
        message: 'A quote, please.',
      },
    });
    expect(inquiry.statusCode).toBe(201);
  });
});

describe('POST /review (the review form without JavaScript)', () => {
  it('stores the review and answers a thank-you page', async () => {
    const before = await reviewCount();
    const response = await postForm({
      rating: '4',
      text: 'Good lathes, delivered on the promised date.',
      name: 'Karthik R',
      position: '',
      company: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Thank you for your review!');
    expect(response.body).toContain('It will appear on our website after a quick check by our team.');
    expect(await reviewCount()).toBe(before + 1);
    const row = await t.ctx.db
      .selectFrom('reviews')
      .selectAll()
      .where('name', '=', 'Karthik R')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ rating: 4, status: 'pending', position: null, company: null });
  });

  it('answers the form again with a message per field and what was typed, escaped; stores nothing', async () => {
    const before = await reviewCount();
    const response = await postForm({ text: '<script>x</script>', name: '<img src=x onerror=alert(1)>' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Please choose a rating from 1 to 5 stars');
    expect(response.body).toContain('Please write at least 20 characters');
    expect(response.body).not.toContain('<script>x');
    expect(response.body).not.toContain('<img src=x');
    expect(response.body).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(response.body).toContain('value="&lt;img src=x onerror=alert(1)&gt;"');
    expect(await reviewCount()).toBe(before);
  });
});

describe('POST /review in the language of the page it was sent from', () => {
  const tamil = {
    rating: '5',
    text: 'இரண்டு ஷிஃப்ட்களிலும் மெஷின் தடையின்றி ஓடுகிறது, சர்வீஸும் விரைவு.',
    name: 'முருகன் செல்வம்',
    position: '',
    company: '',
    locale: 'ta',
  };
  const hindi = {
    rating: '4',
    text: 'मशीन दोनों शिफ़्ट में बिना रुकावट चलती है, सर्विस भी जल्दी मिली।',
    name: 'राजेश शर्मा',
    position: '',
    company: '',
    locale: 'hi',
  };

  it('answers a Tamil page’s form in Tamil: refused for a field, then thanked', async () => {
    const before = await reviewCount();
    const refused = await postForm({ ...tamil, rating: '' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('<html lang="ta">');
    expect(refused.body).toContain('<h1>உங்கள் மதிப்புரை அனுப்பப்படவில்லை</h1>');
    expect(refused.body).toContain('<h2>கீழே உள்ளவற்றைச் சரிபார்க்கவும்</h2>');
    // The refusal in the summary and beside the stars, and the form's words.
    expect(refused.body).toContain('<a href="#rating-5">1 முதல் 5 நட்சத்திரங்களில் மதிப்பீட்டைத் தேர்ந்தெடுக்கவும்</a>');
    expect(refused.body).toContain(
      '<p class="error" id="rating-error">1 முதல் 5 நட்சத்திரங்களில் மதிப்பீட்டைத் தேர்ந்தெடுக்கவும்</p>',
    );
    expect(refused.body).toContain('>உங்கள் மதிப்பீடு</legend>');
    expect(refused.body).toContain('<span>4 நட்சத்திரங்கள்</span>');
    expect(refused.body).toContain('<label for="text">உங்கள் அனுபவம்</label>');
    expect(refused.body).toContain('<label for="name">பெயர்</label>');
    expect(refused.body).toContain('<label for="position">பதவி (கட்டாயமில்லை)</label>');
    expect(refused.body).toContain('<button type="submit">மதிப்புரையை அனுப்பு</button>');
    // What was typed, and the language, go back with the corrected form.
    expect(refused.body).toContain(`value="${tamil.name}"`);
    expect(refused.body).toContain('<input type="hidden" name="locale" value="ta">');
    expect(refused.body).toContain('<a href="/ta/">');
    expect(refused.body).not.toMatch(/Please choose a rating|Your rating|Your review was not sent|Submit Review/);
    expect(await reviewCount()).toBe(before);

    const thanked = await postForm(tamil);
    expect(thanked.statusCode).toBe(200);
    expect(thanked.body).toContain('<html lang="ta">');
    expect(thanked.body).toContain('<h1>உங்கள் மதிப்புரைக்கு நன்றி!</h1>');
    expect(thanked.body).toContain('<p>எங்கள் குழு ஒருமுறை சரிபார்த்த பிறகு இது எங்கள் இணையதளத்தில் வெளியாகும்.</p>');
    expect(thanked.body).toContain('<a class="button" href="/ta/">முகப்புப் பக்கத்துக்குத் திரும்ப</a>');
    expect(thanked.body).not.toMatch(/Thank you|Back to the home page/);
    expect(await reviewCount()).toBe(before + 1);
  });

  it('answers a Hindi page’s form in Hindi: refused for a field, then thanked', async () => {
    const refused = await postForm({ ...hindi, text: 'बहुत बढ़िया।' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('<html lang="hi">');
    expect(refused.body).toContain('<h1>आपका रिव्यू नहीं भेजा गया</h1>');
    expect(refused.body).toContain('<p class="error" id="text-error">कृपया कम से कम 20 अक्षर लिखें</p>');
    expect(refused.body).toContain('<label for="text">आपका अनुभव</label>');
    expect(refused.body).toContain('<label for="name">नाम</label>');
    expect(refused.body).toContain('<label for="company">कंपनी (वैकल्पिक)</label>');
    expect(refused.body).toContain('>आपकी रेटिंग</legend>');
    expect(refused.body).toContain('<button type="submit">रिव्यू भेजें</button>');
    expect(refused.body).toContain('<input type="hidden" name="locale" value="hi">');
    expect(refused.body).toContain('बहुत बढ़िया।</textarea>');
    expect(refused.body).not.toMatch(/Please write at least|Your experience|Position \(optional\)/);

    const thanked = await postForm(hindi);
    expect(thanked.statusCode).toBe(200);
    expect(thanked.body).toContain('<html lang="hi">');
    expect(thanked.body).toContain('<h1>आपके रिव्यू के लिए धन्यवाद!</h1>');
    expect(thanked.body).toContain('<a class="button" href="/hi/">होम पेज पर लौटें</a>');
  });

  it('tells a Tamil visitor over the limit in Tamil, with what they typed', async () => {
    const address = freshAddress();
    for (let i = 0; i < 3; i += 1) expect((await post(review(), address)).statusCode).toBe(201);
    const refused = await postForm(tamil, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toContain('<html lang="ta">');
    expect(refused.body).toMatch(
      /<li>கடந்த ஒரு மணி நேரத்தில் உங்கள் நெட்வொர்க்கிலிருந்து ஏற்கெனவே பல மதிப்புரைகள் எங்களுக்கு வந்துள்ளன\. \d+ நிமிடங்கள் கழித்து மீண்டும் முயலவும்\.<\/li>/,
    );
    expect(refused.body).toContain(tamil.text);
    expect(refused.body).not.toContain('We have already received');
  });

  it('keeps the English page as it was when the form says English or nothing', async () => {
    for (const locale of [undefined, 'en']) {
      const fields = { text: 'Too short.', name: 'Arun', ...(locale ? { locale } : {}) };
      const refused = await postForm(fields);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('<html lang="en">');
      expect(refused.body).toContain('<h1>Your review was not sent</h1>');
      expect(refused.body).toContain('<h2>Please check the following</h2>');
      expect(refused.body).toContain('<a href="#rating-5">Please choose a rating from 1 to 5 stars</a>');
      expect(refused.body).toContain('<p class="error" id="text-error">Please write at least 20 characters</p>');
      expect(refused.body).toContain('>Your rating</legend>');
      expect(refused.body).toContain('<span>1 star</span>');
      expect(refused.body).toContain('<span>5 stars</span>');
      expect(refused.body).toContain('<label for="text">Your experience</label>');
      expect(refused.body).toContain('<label for="name">Name</label>');
      expect(refused.body).toContain('<label for="position">Position (optional)</label>');
      expect(refused.body).toContain('<label for="company">Company (optional)</label>');
      expect(refused.body).toContain('<button type="submit">Submit Review</button>');
      expect(refused.body).toContain('<a href="/">');
      expect(refused.body.includes('name="locale"')).toBe(locale !== undefined);
    }
    const thanked = await postForm({ rating: '5', text: 'Sturdy lathes and honest advice.', name: 'Arun' });
    expect(thanked.body).toContain('<html lang="en">');
    expect(thanked.body).toContain('<h1>Thank you for your review!</h1>');
    expect(thanked.body).toContain('<a class="button" href="/">Back to the home page</a>');
  });
});

describe('GET /api/admin/reviews and PUT /api/admin/reviews/{id}', () => {
  it('require a token', async () => {
    const id = await submit();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/reviews' })).statusCode).toBe(401);
    expect((await decide(id, { status: 'approved' }, {})).statusCode).toBe(401);
    const row = await t.ctx.db.selectFrom('reviews').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });

  it('lists pending reviews first, with counts, and filters by status', async () => {
    const approvedId = await submit({ name: 'Listed Approved' });
    expect((await decide(approvedId, { status: 'approved' })).statusCode).toBe(200);
    const pendingId = await submit({ name: 'Listed Pending' });

    const all = await adminList();
    const firstOther = all.reviews.findIndex((entry) => entry.status !== 'pending');
    const lastPending = all.reviews.map((entry) => entry.status).lastIndexOf('pending');
    expect(lastPending).toBeLessThan(firstOther);
    expect(all.counts.pending).toBe(all.reviews.filter((entry) => entry.status === 'pending').length);
    expect(all.counts.approved).toBeGreaterThanOrEqual(1);

    const pending = await adminList('?status=pending');
    expect(pending.reviews.every((entry) => entry.status === 'pending')).toBe(true);
    expect(pending.reviews.map((entry) => entry.id)).toContain(pendingId);
    const approved = await adminList('?status=approved');
    expect(approved.reviews.map((entry) => entry.id)).toEqual(expect.arrayContaining([approvedId]));
    expect(approved.reviews.map((entry) => entry.id)).not.toContain(pendingId);

    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/reviews?status=spam', headers: bearer(token) });
    expect(bad.statusCode).toBe(400);
  });

  it('approves, edits for typos and rejects, each in the audit trail with before and after', async () => {
    const id = await submit({ text: 'Excelent machines and helpful engineers.', name: 'Priya' });
    const listed = (await adminList('?status=pending')).reviews.find((entry) => entry.id === id) as Review;

    const edited = await decide(id, {
      status: 'approved',
      text: 'Excellent machines and helpful engineers.',
      position: '',
      expectedUpdatedAt: listed.updatedAt,
    });
    expect(edited.statusCode).toBe(200);
    const approved = edited.json<Review>();
    expect(approved).toMatchObject({
      status: 'approved',
      text: 'Excellent machines and helpful engineers.',
      position: null,
      company: 'Sundaram Auto Components',
      rating: 5,
    });
    expect(approved.updatedAt).not.toBe(listed.updatedAt);

    const rejected = await decide(id, { status: 'rejected', expectedUpdatedAt: approved.updatedAt });
    expect(rejected.json<Review>().status).toBe('rejected');

    const audit = (
      await t.app.inject({ method: 'GET', url: '/api/admin/activity?action=review.update', headers: bearer(token) })
    ).json<AuditPage>();
    const entries = audit.entries.filter((entry) => entry.target?.id === id);
    expect(entries).toHaveLength(2);
    const [last, first] = entries;
    expect(first?.target).toMatchObject({ type: 'review', label: 'Priya', exists: true });
    expect(first?.changes).toEqual({
      status: { before: 'pending', after: 'approved' },
      text: { before: 'Excelent machines and helpful engineers.', after: 'Excellent machines and helpful engineers.' },
      position: { before: 'Production Manager', after: null },
    });
    expect(last?.changes).toEqual({ status: { before: 'approved', after: 'rejected' } });
  });

  it('answers 409 to a stale copy and changes nothing', async () => {
    const id = await submit();
    const listed = (await adminList('?status=pending')).reviews.find((entry) => entry.id === id) as Review;
    expect((await decide(id, { name: 'First Editor', expectedUpdatedAt: listed.updatedAt })).statusCode).toBe(200);
    const stale = await decide(id, { status: 'approved', expectedUpdatedAt: listed.updatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toBe(
      'This review was changed by someone else — reload to see the latest version.',
    );
    const row = await t.ctx.db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', name: 'First Editor' });
  });

  it('refuses bad updates with 400 per field and changes nothing; an unknown id is 404', async () => {
    const id = await submit();
    const before = await t.ctx.db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const cases: [string, Record<string, unknown>][] = [
      ['status', { status: 'pending' }],
      ['status', { status: 'deleted' }],
      ['rating', { rating: 9 }],
      ['text', { text: 'short' }],
      ['name', { name: '' }],
      ['position', { position: 'p'.repeat(101) }],
      ['', {}],
      ['', { expectedUpdatedAt: before.updated_at }],
      ['', { client_ip: '1.2.3.4' }],
    ];
    for (const [field, payload] of cases) {
      const response = await decide(id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json<{ issues: { path: (string | number)[] }[] }>();
      if (field) expect(body.issues.map((issue) => issue.path[0])).toContain(field);
    }
    const after = await t.ctx.db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect((await decide('00000000-0000-4000-8000-000000000000', { status: 'approved' })).statusCode).toBe(404);
    expect((await decide('not-a-uuid', { status: 'approved' })).statusCode).toBe(400);
  });
});

describe('GET /api/reviews (public, approved only)', () => {
  it('answers approved reviews only, without status or address, with an ETag and 304', async () => {
    const pendingId = await submit({ name: 'Still Pending' });
    const approvedId = await submit({ name: 'Now Approved', position: undefined, company: undefined });
    const rejectedId = await submit({ name: 'Rejected One' });
    await decide(rejectedId, { status: 'rejected' });
    const { etag: before } = await publicReviews();

    expect((await decide(approvedId, { status: 'approved' })).statusCode).toBe(200);
    const { list, etag } = await publicReviews();
    expect(etag).not.toBe(before);
    const ids = list.map((entry) => entry.id);
    expect(ids).toContain(approvedId);
    expect(ids).not.toContain(pendingId);
    expect(ids).not.toContain(rejectedId);
    expect(list.find((entry) => entry.id === approvedId)).toEqual({
      id: approvedId,
      rating: 5,
      text: review().text,
      name: 'Now Approved',
      position: null,
      company: null,
    });

    const revalidated = await t.app.inject({ method: 'GET', url: '/api/reviews', headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
  });

  it('serves from memory between changes and drops an approved review once rejected', async () => {
    const id = await submit({ name: 'Approved Then Rejected' });
    await decide(id, { status: 'approved' });
    const first = await publicReviews();
    expect(first.list.map((entry) => entry.id)).toContain(id);
    // A pending review's edit does not touch the public list, so its cached copy stays.
    const pending = await submit();
    await decide(pending, { name: 'Typo Fixed' });
    expect((await publicReviews()).etag).toBe(first.etag);

    await decide(id, { status: 'rejected' });
    expect((await publicReviews()).list.map((entry) => entry.id)).not.toContain(id);
  });

  it('sends a visitor’s markup as text in JSON, never as HTML', async () => {
    const id = await submit({
      text: '<script>alert("x")</script> and <img src=x onerror=alert(1)>',
      name: '<b>Bold</b>',
    });
    await decide(id, { status: 'approved' });
    const response = await t.app.inject({ method: 'GET', url: '/api/reviews' });
    expect(response.headers['content-type']).toContain('application/json');
    const entry = response.json<PublicReview[]>().find((item) => item.id === id);
    expect(entry?.text).toBe('<script>alert("x")</script> and <img src=x onerror=alert(1)>');
  });
});

describe('several processes on one database', () => {
  let second: FastifyInstance;
  let secondDatabase: DatabaseHandle;

  beforeAll(async () => {
    secondDatabase = createDatabase(t.config);
    second = await buildApp({ config: t.config, database: secondDatabase });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await secondDatabase.destroy();
  });

  it('an approval made through one process reaches the other within its revision check (a second)', async () => {
    const cache = reviewsResponseCache(secondDatabase.db);
    cache.setRevisionCheckInterval(60_000);
    const before = await publicReviews(second);
    const id = await submit({ name: 'Seen Everywhere' });
    await decide(id, { status: 'approved' });
    expect((await publicReviews(second)).etag).toBe(before.etag);

    cache.setRevisionCheckInterval(1000);
    const fresh = await vi.waitFor(
      async () => {
        const reviews = await publicReviews(second);
        expect(reviews.list.map((entry) => entry.id)).toContain(id);
        return reviews;
      },
      { timeout: 5000, interval: 25 },
    );
    expect(fresh.etag).toBe((await publicReviews()).etag);
  });
});
