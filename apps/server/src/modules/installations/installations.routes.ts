import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  amcContractInputSchema,
  amcVisitInputSchema,
  exportQuerySchema,
  idParamsSchema,
  importQuerySchema,
  indianToday,
  installationInputSchema,
  installationListQuerySchema,
  installationUpdateSchema,
  INSTALLATION_SETTINGS_URL,
  type InstallationSettings,
  MAX_IMPORT_FILE_BYTES,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { requireSession } from '../../plugins/authentication';
import { uploadedFile } from '../catalogue-import/import.routes';
import { createAmcContract, deleteAmcVisit, recordAmcVisit, updateAmcContract } from './amc-contracts.service';
import { applyInstallationImport, exportInstallations, previewInstallationImport } from './installation-import.service';
import {
  createInstallation,
  defaultWarrantyMonths,
  getInstallation,
  listInstallations,
  updateInstallation,
} from './installations.service';

/** Sales read the register (who owns which machine, its warranty and AMC); service and owners run it. */
const READ = { access: 'admin', permission: 'installations.read' } as const;
const MANAGE = { access: 'admin', permission: 'installations.manage' } as const;

/**
 * The register of installed machines and their AMC contracts (issue 40): staff routes, JSON, and
 * the register's file import and export (the catalogue importer's reading, answer and modes).
 */
export const installationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/installations', { schema: { querystring: installationListQuerySchema }, config: READ }, (request) =>
      listInstallations(ctx, request.query),
    );

    // The register form's warranty placeholder: Site → Company is not readable by every role that registers machines.
    app.get(INSTALLATION_SETTINGS_URL, { config: READ }, async (): Promise<InstallationSettings> => ({
      warrantyMonthsDefault: await defaultWarrantyMonths(ctx.db),
    }));

    app.post(
      '/api/installations',
      { schema: { body: installationInputSchema }, config: MANAGE },
      async (request, reply) => {
        const detail = await createInstallation(ctx, request.body, requireSession(request).user);
        return reply.status(201).send(detail);
      },
    );

    app.get(
      '/api/installations/export',
      { schema: { querystring: exportQuerySchema }, config: READ },
      async (request, reply) => {
        const { format } = request.query;
        const body = await exportInstallations(ctx, format);
        return reply
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="installations-${indianToday()}.${format}"`)
          .type(
            format === 'csv'
              ? 'text/csv; charset=utf-8'
              : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          )
          .send(body);
      },
    );

    /**
     * `mode=preview` says what the file would do; `apply` imports it, refusing a file with any
     * invalid row; `valid-rows` imports its valid rows and answers the others as `rejectedCsv`.
     * Every mode answers the summary as JSON: a file of machines is written in seconds.
     */
    app.post(
      '/api/installations/import',
      { schema: { querystring: importQuerySchema }, config: MANAGE },
      async (request) => {
        const upload = await uploadedFile(request, ctx, MAX_IMPORT_FILE_BYTES);
        try {
          if (request.query.mode === 'preview') return await previewInstallationImport(ctx, upload.file);
          return await applyInstallationImport(ctx, upload.file, {
            fileName: upload.fileName,
            validRowsOnly: request.query.mode === 'valid-rows',
            planId: request.query.planId,
            actorId: requireSession(request).user.id,
          });
        } finally {
          await ctx.images.temp.remove([upload.file]);
        }
      },
    );

    app.get('/api/installations/:id', { schema: { params: idParamsSchema }, config: READ }, (request) =>
      getInstallation(ctx, request.params.id),
    );

    app.put(
      '/api/installations/:id',
      { schema: { params: idParamsSchema, body: installationUpdateSchema }, config: MANAGE },
      (request) => updateInstallation(ctx, request.params.id, request.body),
    );

    app.post(
      '/api/installations/:id/amc',
      { schema: { params: idParamsSchema, body: amcContractInputSchema }, config: MANAGE },
      async (request, reply) => {
        const contract = await createAmcContract(ctx, request.params.id, request.body, requireSession(request).user);
        return reply.status(201).send(contract);
      },
    );

    app.put(
      '/api/amc-contracts/:id',
      { schema: { params: idParamsSchema, body: amcContractInputSchema }, config: MANAGE },
      (request) => updateAmcContract(ctx, request.params.id, request.body),
    );

    app.post(
      '/api/amc-contracts/:id/visits',
      { schema: { params: idParamsSchema, body: amcVisitInputSchema }, config: MANAGE },
      async (request, reply) => {
        const visit = await recordAmcVisit(ctx, request.params.id, request.body, requireSession(request).user);
        return reply.status(201).send(visit);
      },
    );

    app.delete(
      '/api/amc-visits/:id',
      { schema: { params: idParamsSchema }, config: MANAGE },
      async (request, reply) => {
        await deleteAmcVisit(ctx, request.params.id);
        return reply.status(204).send();
      },
    );
  };
