import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  REVIEW_FORM_ACTION,
  REVIEW_ITEM_MESSAGE,
  REVIEW_RATE_LIMIT,
  REVIEW_RATE_WINDOW_MS,
  type ReviewInput,
  reviewInputSchema,
  type ReviewList,
  reviewListQuerySchema,
  REVIEW_THANKS_TEXT,
  REVIEW_THANKS_TITLE,
  reviewUpdateSchema,
} from '@capstan/shared';
import { acceptedOnlyLimit } from '../../address-limit';
import { writeTransaction } from '../../db/write-transaction';
import type { AppContext } from '../../app-context';
import { acceptPlainForms, plainFormFailure, plainFormValues, sendPlainFormPage } from '../../plain-form';
import { cacheReadFor, sendCachedJson } from '../catalogue/cached-json-reply';
import { publicCompanyOrNull } from '../site/site-settings.service';
import { serverTranslator, type ServerTranslator } from '../../i18n/server-translator';
import { HttpError } from '../../http-error';
import { formPageLocale } from '../inquiries/inquiry-form-page';
import { type ReviewFormErrors, reviewFormPage, type ReviewFormValues, reviewThanksPage } from './review-form-page';
import {
  countReviewsByStatus,
  insertReview,
  isReviewableItem,
  listApprovedReviews,
  listReviewableMachines,
  listReviews,
} from './reviews.repository';
import { RequestValidationError } from '../../validation';
import { reviewsResponseCache } from './reviews-response-cache';
import { moderateReview } from './reviews.service';

// `locale`: a hidden field of the web app's form, the language of the page it was posted from.
const FORM_FIELDS = ['rating', 'text', 'name', 'position', 'company', 'itemId', 'locale'] as const;
const FORM_BODY_LIMIT = 16 * 1024;

const formValues = (body: unknown): ReviewFormValues => plainFormValues(body, FORM_FIELDS);

/** What a visitor over the limit is told, given the whole minutes until they may send again. */
const tooManyReviews = (tr: ServerTranslator, minutes: number) => tr.t('reviewForm.tooMany', { minutes });

/**
 * The limit's refusal (worded in English for the JSON answer) in the page's language, from the
 * wait it carries (`Retry-After`, counted in whole minutes as the limit counts them).
 */
function tooManyIn(tr: ServerTranslator, error: Error, english: string): string {
  const seconds = error instanceof HttpError ? Number(error.headers['retry-after']) : Number.NaN;
  return Number.isFinite(seconds) && seconds > 0 ? tooManyReviews(tr, Math.ceil(seconds / 60)) : english;
}

export const reviewRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Its own allowance, apart from the inquiries': a review never costs a buyer a quote request.
    // Only stored reviews use it up: one refused for a missing rating costs nothing.
    const limitReviews = acceptedOnlyLimit(ctx.db, {
      name: 'reviews',
      max: REVIEW_RATE_LIMIT,
      windowMs: REVIEW_RATE_WINDOW_MS,
      message: (minutes) => tooManyReviews(serverTranslator('en'), minutes),
    });
    const cache = reviewsResponseCache(ctx.db);

    app.post(
      '/api/reviews',
      { schema: { body: reviewInputSchema }, config: { access: 'public' }, onRequest: limitReviews.refuseWhenSpent },
      async (request, reply) => {
        if (request.body.itemId !== undefined && !(await isReviewableItem(ctx.db, request.body.itemId))) {
          throw new RequestValidationError([{ path: ['itemId'], message: REVIEW_ITEM_MESSAGE }]);
        }
        const review = await limitReviews.charge(request, (spend) =>
          writeTransaction(ctx, async (trx) => {
            await spend(trx);
            return insertReview(trx, request.body, request.ip);
          }),
        );
        return reply.status(201).send({ id: review.id, message: `${REVIEW_THANKS_TITLE} ${REVIEW_THANKS_TEXT}` });
      },
    );

    // The review form posted as HTML when the app is not running, as the contact form does.
    await app.register(async (form) => {
      acceptPlainForms(form, FORM_BODY_LIMIT);
      form.setErrorHandler(async (error: Error, request, reply) => {
        const values = formValues(request.body);
        const tr = serverTranslator(formPageLocale(values));
        const { status, problem } = plainFormFailure(error, request, reply, {
          what: 'review form',
          unavailable: tr.t('reviewForm.unavailable'),
          unreadable: tr.t('reviewForm.unreadable'),
        });
        return sendPlainFormPage(
          reply,
          status,
          reviewFormPage(
            await publicCompanyOrNull(ctx.db),
            await listReviewableMachines(ctx.db),
            values,
            {},
            status === 429 ? tooManyIn(tr, error, problem) : problem,
          ),
        );
      });

      // Limited after the body is read, so a visitor told to wait still gets back what they typed.
      form.post(
        REVIEW_FORM_ACTION,
        { config: { access: 'public' }, preHandler: limitReviews.refuseWhenSpent },
        async (request, reply) => {
          const values = formValues(request.body);
          const parsed = reviewInputSchema.safeParse(values);
          if (!parsed.success) {
            const errors: ReviewFormErrors = {};
            for (const issue of parsed.error.issues) {
              const field = issue.path[0] as keyof ReviewInput | undefined;
              if (field && !errors[field]) errors[field] = issue.message;
            }
            return sendPlainFormPage(
              reply,
              400,
              reviewFormPage(await publicCompanyOrNull(ctx.db), await listReviewableMachines(ctx.db), values, errors),
            );
          }
          // A machine deleted since the page was drawn: the review is kept, about the company.
          const itemId =
            parsed.data.itemId !== undefined && (await isReviewableItem(ctx.db, parsed.data.itemId))
              ? parsed.data.itemId
              : undefined;
          await limitReviews.charge(request, (spend) =>
            writeTransaction(ctx, async (trx) => {
              await spend(trx);
              await insertReview(trx, { ...parsed.data, itemId }, request.ip);
            }),
          );
          return sendPlainFormPage(
            reply,
            200,
            reviewThanksPage(await publicCompanyOrNull(ctx.db), formPageLocale(values)),
          );
        },
      );
    });

    app.get('/api/reviews', { compress: false, config: { access: 'public' } }, async (request, reply) => {
      const body = await cache.get('reviews/approved', async () => listApprovedReviews(ctx.db), cacheReadFor(request));
      return sendCachedJson(request, reply, body);
    });

    app.get(
      '/api/admin/reviews',
      { schema: { querystring: reviewListQuerySchema }, config: { access: 'admin', permission: 'reviews.manage' } },
      async (request): Promise<ReviewList> => {
        const [reviews, counts] = await Promise.all([
          listReviews(ctx.db, request.query.status),
          countReviewsByStatus(ctx.db),
        ]);
        return { reviews, counts };
      },
    );

    app.put(
      '/api/admin/reviews/:id',
      {
        schema: { params: idParamsSchema, body: reviewUpdateSchema },
        config: { access: 'admin', permission: 'reviews.manage' },
      },
      async (request) => moderateReview(ctx, request.params.id, request.body),
    );
  };
