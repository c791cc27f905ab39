import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type CreateServiceRequestResponse,
  idParamsSchema,
  serviceRequestInputSchema,
  serviceRequestListQuerySchema,
  serviceRequestUpdateSchema,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { requireSession } from '../../plugins/authentication';
import { PDF_SECURITY_HEADERS } from '../../plugins/security-headers';
import { parseOrThrow } from '../../validation';
import { nameRefusedFile } from '../images/image-pipeline';
import { readMultipart } from '../images/multipart';
import { sentLocale, SERVICE_PHOTO_UPLOADS, serviceRequestLimits } from './service-request-intake';
import { serviceRequestFormRoutes } from './service-request-form.routes';
import { serviceRequestPhotoRoutes } from './service-request-photos.routes';
import {
  createServiceRequest,
  getServiceRequest,
  listServiceRequests,
  serviceEngineers,
  serviceReportPdf,
  updateServiceRequest,
} from './service-requests.service';

const SERVICE_DESK = { access: 'admin', permission: 'service.manage' } as const;

/** The JSON body, or a multipart one's text fields and photos (temp files the caller removes). */
async function readBody(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<{ fields: unknown; files: string[]; fileNames: string[] }> {
  if (!request.isMultipart()) return { fields: request.body ?? {}, files: [], fileNames: [] };
  return readMultipart(request, ctx.images, SERVICE_PHOTO_UPLOADS);
}

/**
 * Service requests (issue 40): raised by buyers without an account (JSON, multipart with photos,
 * or the plain form of `/service`), handled by staff with `service.manage` from new to closed.
 */
export const serviceRequestRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const limits = serviceRequestLimits(ctx);

    app.post('/api/service-requests', { config: { access: 'public' } }, async (request, reply) => {
      const { fields, files, fileNames } = await readBody(ctx, request);
      try {
        const limit = limits[sentLocale(fields)];
        await limit.refuseWhenSpent(request);
        const data = parseOrThrow(serviceRequestInputSchema, fields);
        const stored = await limit.charge(request, (spend) =>
          createServiceRequest(ctx, data, files, request.ip, spend),
        );
        const body: CreateServiceRequestResponse = { reference: stored.reference };
        // Returned, not sent: the answer then leaves after `finally` has removed the temp files.
        reply.status(201);
        return body;
      } catch (error) {
        throw nameRefusedFile(error, fileNames);
      } finally {
        await ctx.images.temp.remove(files);
      }
    });

    await app.register(serviceRequestFormRoutes(ctx, limits));
    await app.register(serviceRequestPhotoRoutes(ctx));

    app.get(
      '/api/service-requests',
      { schema: { querystring: serviceRequestListQuerySchema }, config: SERVICE_DESK },
      async (request) => listServiceRequests(ctx, request.query),
    );

    // Who a request can be assigned to (also the AMC visit's engineer list).
    app.get('/api/service-requests/engineers', { config: SERVICE_DESK }, async () => serviceEngineers(ctx));

    app.get(
      '/api/service-requests/:id',
      { schema: { params: idParamsSchema }, config: SERVICE_DESK },
      async (request) => getServiceRequest(ctx, request.params.id),
    );

    app.put(
      '/api/service-requests/:id',
      { schema: { params: idParamsSchema, body: serviceRequestUpdateSchema }, config: SERVICE_DESK },
      async (request) => {
        const { user } = requireSession(request);
        return updateServiceRequest(ctx, request.params.id, request.body, user);
      },
    );

    // Sales read the register and its reports too (installations.read covers every role of service.manage).
    app.get(
      '/api/service-requests/:id/report.pdf',
      {
        schema: { params: idParamsSchema },
        config: { access: 'admin', permission: 'installations.read' },
        compress: false,
      },
      async (request, reply) => {
        const pdf = await serviceReportPdf(ctx, request.params.id);
        return reply
          .headers(PDF_SECURITY_HEADERS)
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `inline; filename="${pdf.fileName}"`)
          .type('application/pdf')
          .send(pdf.bytes);
      },
    );
  };
