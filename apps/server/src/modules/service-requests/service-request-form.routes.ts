import type { FastifyPluginAsync } from 'fastify';
import {
  type Locale,
  SERVICE_FORM_ACTION,
  SERVICE_FORM_FIELDS,
  SERVICE_FORM_PHOTOS_FIELD,
  SERVICE_REQUEST_TOO_MANY_PHOTOS_MESSAGE,
  serviceRequestInputSchema,
} from '@capstan/shared';
import type { AcceptedOnlyLimit } from '../../address-limit';
import type { AppContext } from '../../app-context';
import { HttpError } from '../../http-error';
import { serverTranslator, type ServerTranslator } from '../../i18n/server-translator';
import { acceptPlainForms, plainFormFailure, plainFormValues, sendPlainFormPage } from '../../plain-form';
import { issuesFromZod, RequestValidationError, type ValidationIssue } from '../../validation';
import { RefusedImageError } from '../images/image-pipeline';
import { readMultipart, UNREADABLE_UPLOAD_MESSAGE } from '../images/multipart';
import {
  formPageLocale,
  photoRefusalIn,
  photoTooLargeIn,
  type ServiceFormErrors,
  type ServiceFormField,
  serviceFormPage,
  type ServiceFormValues,
  serviceRefusalIn,
  serviceThanksPage,
  tooManyPhotosIn,
} from './service-request-form-page';
import { createServiceRequest } from './service-requests.service';
import { formPageCompany, SERVICE_PHOTO_UPLOADS } from './service-request-intake';

/** A plain form without photos (urlencoded) is small; one with photos is read as multipart. */
const FORM_BODY_LIMIT = 64 * 1024;
const FORM_FIELDS: readonly string[] = SERVICE_FORM_FIELDS;
const TOO_LARGE = /^(?:"(.*)"|The image|Each image) (?:is larger|must be at most)/;

const formValues = (fields: unknown): ServiceFormValues => plainFormValues(fields, SERVICE_FORM_FIELDS);

/** Per field, in the page's language: the schema's refusals and the photos'. */
function errorsOf(issues: readonly ValidationIssue[], tr: ServerTranslator): ServiceFormErrors {
  const errors: ServiceFormErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(FORM_FIELDS.includes(field) || field === SERVICE_FORM_PHOTOS_FIELD)) continue;
    const name = field as ServiceFormField;
    if (errors[name]) continue;
    errors[name] =
      issue.message === SERVICE_REQUEST_TOO_MANY_PHOTOS_MESSAGE
        ? tooManyPhotosIn(tr)
        : serviceRefusalIn(tr, issue.message);
  }
  return errors;
}

/**
 * A refusal of the photos as the form shows it at its photo field: the pipeline's (not an image,
 * too many pixels, HEIC) and the upload's (too large, too many). Null for anything else.
 */
function photoError(error: unknown, fileNames: readonly string[], tr: ServerTranslator): string | null {
  if (error instanceof RefusedImageError) {
    return photoRefusalIn(
      tr,
      error.reason,
      error.fileName ?? (error.fileIndex === undefined ? undefined : fileNames[error.fileIndex]),
    );
  }
  if (!(error instanceof HttpError) || error.statusCode !== 413) return null;
  if (error.message === SERVICE_REQUEST_TOO_MANY_PHOTOS_MESSAGE) return tooManyPhotosIn(tr);
  const tooLarge = TOO_LARGE.exec(error.message);
  return tooLarge ? photoTooLargeIn(tr, tooLarge[1]) : null;
}

/**
 * The service request form posted without JavaScript (`POST /service`, decision 015): the same
 * schema, photos, allowance and storage as the API, answered with pages of its own — the reference
 * in large type, or the form again with what was typed and a message per field.
 */
export const serviceRequestFormRoutes =
  (ctx: AppContext, limits: Record<Locale, AcceptedOnlyLimit>): FastifyPluginAsync =>
  async (form) => {
    acceptPlainForms(form, FORM_BODY_LIMIT);
    // Whatever went wrong before the handler could say it (an unreadable urlencoded body): the form, empty.
    form.setErrorHandler(async (error: Error, request, reply) => {
      const values = formValues(request.body);
      const tr = serverTranslator(formPageLocale(values));
      const { status, problem } = plainFormFailure(error, request, reply, {
        what: 'service request form',
        unavailable: tr.t('serviceDesk.unavailable'),
        unreadable: tr.t('serviceDesk.unreadable'),
      });
      const company = await formPageCompany(ctx.db);
      return sendPlainFormPage(
        reply,
        status,
        serviceFormPage({ company, values, errors: {}, problem, photosSent: false }),
      );
    });

    form.post(SERVICE_FORM_ACTION, { config: { access: 'public' } }, async (request, reply) => {
      // Filled as the body is read: what was typed before a part that failed is still given back.
      const fields: Record<string, string> = {};
      let files: string[] = [];
      let fileNames: string[] = [];
      let page: { status: number; html: string };
      try {
        page = await (async () => {
          const refused = async (
            status: number,
            errors: ServiceFormErrors,
            problem?: string,
            photosSent = files.length > 0,
          ) => ({
            status,
            html: serviceFormPage({
              company: await formPageCompany(ctx.db),
              values: formValues(fields),
              errors,
              problem,
              photosSent,
            }),
          });
          try {
            if (request.isMultipart()) {
              ({ files, fileNames } = await readMultipart(request, ctx.images, SERVICE_PHOTO_UPLOADS, fields));
            } else {
              Object.assign(fields, formValues(request.body));
            }
            const values = formValues(fields);
            const locale = formPageLocale(values);
            const limit = limits[locale];
            await limit.refuseWhenSpent(request);
            const parsed = serviceRequestInputSchema.safeParse(values);
            if (!parsed.success)
              return await refused(400, errorsOf(issuesFromZod(parsed.error), serverTranslator(locale)));
            const stored = await limit.charge(request, (spend) =>
              createServiceRequest(ctx, parsed.data, files, request.ip, spend),
            );
            return {
              status: 200,
              html: serviceThanksPage({
                company: await formPageCompany(ctx.db),
                reference: stored.reference,
                locale,
                phone: stored.phone,
                email: parsed.data.email ?? null,
                machineDown: stored.machineDown,
              }),
            };
          } catch (error) {
            const tr = serverTranslator(formPageLocale(formValues(fields)));
            const photo = photoError(error, fileNames, tr);
            if (photo) return await refused(400, { [SERVICE_FORM_PHOTOS_FIELD]: photo }, undefined, true);
            if (error instanceof RequestValidationError) return await refused(400, errorsOf(error.issues, tr));
            if (error instanceof HttpError && error.message === UNREADABLE_UPLOAD_MESSAGE) {
              return await refused(400, {}, tr.t('serviceDesk.unreadable'));
            }
            const { status, problem } = plainFormFailure(error as Error, request, reply, {
              what: 'service request form',
              unavailable: tr.t('serviceDesk.unavailable'),
              unreadable: tr.t('serviceDesk.unreadable'),
            });
            return await refused(status, {}, problem);
          }
        })();
      } finally {
        await ctx.images.temp.remove(files);
      }
      return sendPlainFormPage(reply, page.status, page.html);
    });
  };
