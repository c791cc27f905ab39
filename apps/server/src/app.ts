import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { AppContext } from './app-context';
import type { AppConfig, TrustProxySetting } from './config';
import type { DatabaseHandle } from './db/database';
import { adminRoutes } from './modules/admin/admin.routes';
import { registerAudit } from './modules/audit/audit.routes';
import { catalogueImportRoutes } from './modules/catalogue-import/import.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { catalogueFacetsRoutes } from './modules/catalogue/catalogue-facets.routes';
import { catalogueItemsRoutes } from './modules/catalogue/catalogue-items.routes';
import { catalogueSummaryRoutes } from './modules/catalogue/catalogue-summary.routes';
import { translationGapsRoutes } from './modules/catalogue/translation-gaps.routes';
import { featuredOrderRoutes } from './modules/catalogue/featured-order.routes';
import { machineRoutes } from './modules/catalogue/machines.routes';
import { machineCategoryRoutes } from './modules/catalogue/machine-categories.routes';
import { serviceRoutes } from './modules/catalogue/services.routes';
import { sparePartRoutes } from './modules/catalogue/spare-parts.routes';
import { healthRoutes } from './modules/health/health.routes';
import { createImageStore } from './modules/images/create-image-store';
import type { ImageStore } from './modules/images/image-store';
import { MULTIPART_LIMITS } from './modules/images/multipart';
import { uploadRoutes } from './modules/images/upload.routes';
import { inquiryRoutes } from './modules/inquiries/inquiries.routes';
import { quotationAttachment } from './modules/quotations/quotations.repository';
import { quotationRoutes } from './modules/quotations/quotations.routes';
import { serviceReportAttachment } from './modules/service-requests/service-requests.repository';
import { serviceRequestRoutes } from './modules/service-requests/service-requests.routes';
import { installationRoutes } from './modules/installations/installations.routes';
import { myMachineRoutes } from './modules/my-machine/my-machine.routes';
import { reviewRoutes } from './modules/reviews/reviews.routes';
import { MailWorker } from './modules/mail/mail-worker';
import { outboxRoutes } from './modules/mail/outbox.routes';
import { brandRoutes } from './modules/brand/brand.routes';
import { seoRoutes } from './modules/seo/seo.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { siteRoutes } from './modules/site/site.routes';
import { itemTermsRoutes } from './modules/site/item-terms.routes';
import { specSheetRoutes } from './modules/spec-sheet/spec-sheet.routes';
import { backupRoutes } from './modules/backup/backups.routes';
import { registerAuthentication } from './plugins/authentication';
import { connectionOptions, registerConnectionLimits } from './plugins/connection-limits';
import { registerErrorHandler } from './plugins/error-handler';
import { registerLoadShedding } from './plugins/load-shedding';
import { loggingOptions, registerRequestIdHeader } from './plugins/request-logging';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticFiles } from './plugins/static-files';

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** The process's logger (main.ts), so start-up and request lines share one format. */
  logger?: Logger;
  /** The process's image store (main.ts made and swept it); absent: one is made from the configuration. */
  images?: ImageStore;
}

/**
 * Fastify ignores a bare hop count (it cannot tell whether the peer is a proxy), so a count is
 * given as the rule itself: the `hops` nearest addresses (the peer first) are proxies, and the
 * next one to the left in X-Forwarded-For is the client. Lists go to Fastify as they are.
 */
function trustProxyOption(setting: TrustProxySetting): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/**
 * Builds the server in a fixed order: external plugins, then our own (errors, auth), then
 * routes, then static files and the SPA fallback. It does not listen; main.ts and tests do.
 */
export async function buildApp({
  config,
  database,
  logStream,
  logger,
  images: given,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggingOptions(config, { stream: logStream, logger }),
    trustProxy: trustProxyOption(config.trustProxy),
    ...connectionOptions(config),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const images = given ?? (await createImageStore(config.imageStore));
  await images.init();
  // A store the app made is the app's to close; a given one belongs to whoever gave it.
  if (!given) app.addHook('onClose', async () => images.close());
  const ctx: AppContext = { config, db: database.db, dialect: database.dialect, images };
  if (config.mail.smtpUrl) {
    const mailWorker = new MailWorker({
      db: database.db,
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      retryMinMs: config.mail.retryMinMs,
      pollIntervalMs: config.mail.pollIntervalMs,
      log: app.log.child({ module: 'mail' }),
      quotationAttachment: (id) => quotationAttachment(database.db, id),
      serviceReportAttachment: (id) => serviceReportAttachment(database.db, id),
    });
    ctx.mailWorker = mailWorker;
    // Sending starts once the app is ready and ends with it: a send under way is finished and recorded first.
    app.addHook('onReady', async () => mailWorker.start());
    app.addHook('onClose', async () => mailWorker.stop());
  }

  registerConnectionLimits(app, config);
  registerRequestIdHeader(app);
  // Early: an overloaded server refuses before doing any work for the request.
  await registerLoadShedding(app, config);
  registerSecurityHeaders(app);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: false });

  registerErrorHandler(app);
  registerAuthentication(app, ctx.db);
  await registerAudit(app, ctx);

  await app.register(healthRoutes(ctx));
  await app.register(authRoutes(ctx));
  await app.register(machineRoutes(ctx));
  await app.register(sparePartRoutes(ctx));
  await app.register(serviceRoutes(ctx));
  await app.register(featuredOrderRoutes(ctx));
  await app.register(machineCategoryRoutes(ctx));
  await app.register(catalogueSummaryRoutes(ctx));
  await app.register(translationGapsRoutes(ctx));
  await app.register(catalogueFacetsRoutes(ctx));
  await app.register(catalogueItemsRoutes(ctx));
  await app.register(chatRoutes(ctx));
  await app.register(uploadRoutes(ctx));
  await app.register(catalogueImportRoutes(ctx));
  await app.register(inquiryRoutes(ctx));
  await app.register(quotationRoutes(ctx));
  await app.register(serviceRequestRoutes(ctx));
  await app.register(installationRoutes(ctx));
  await app.register(myMachineRoutes(ctx));
  await app.register(reviewRoutes(ctx));
  await app.register(outboxRoutes(ctx));
  await app.register(adminRoutes(ctx));
  await app.register(staffRoutes(ctx));
  await app.register(siteRoutes(ctx));
  await app.register(itemTermsRoutes(ctx));
  await app.register(seoRoutes(ctx));
  await app.register(brandRoutes(ctx));
  await app.register(specSheetRoutes(ctx));
  await app.register(backupRoutes(ctx));

  await registerStaticFiles(app, config, images);
  return app;
}
