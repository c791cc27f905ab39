import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOCALES,
  MY_MACHINE_CODE_SENT_MESSAGE,
  type MyMachineCodeResponse,
  myMachineCodeRequestSchema,
  myMachineSessionRequestSchema,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { PDF_SECURITY_HEADERS } from '../../plugins/security-headers';
import {
  authenticateMachine,
  openSession,
  readMyMachine,
  readReportPdf,
  requestCode,
  signOut,
} from './my-machine.service';

const languageQuery = z.object({
  lang: z.enum(LOCALES, { message: `lang must be one of ${LOCALES.join(', ')}` }).optional(),
});
// Any text: a reference that is malformed, unknown or another machine's is the same 404.
const reportParams = z.object({ reference: z.string().max(100) });

/** The My machine token of `Authorization: Bearer …` (never a staff session: these routes check their own). */
function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

const clientAddress = (request: FastifyRequest) => normalizeIP(request.ip);

/**
 * The buyer's "My machine" (issue 40): public routes (no staff session) that answer only what the
 * caller has proven they may see. Nothing here may be kept by a cache: answers are one buyer's.
 */
export const myMachineRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });

    app.post(
      '/api/my-machine/code',
      { schema: { body: myMachineCodeRequestSchema }, config: { access: 'public' } },
      async (request, reply) => {
        await requestCode(ctx, request.body, clientAddress(request));
        const answer: MyMachineCodeResponse = { message: MY_MACHINE_CODE_SENT_MESSAGE };
        return reply.status(202).send(answer);
      },
    );

    app.post(
      '/api/my-machine/session',
      { schema: { body: myMachineSessionRequestSchema }, config: { access: 'public' } },
      async (request) => openSession(ctx, request.body, clientAddress(request)),
    );

    app.get(
      '/api/my-machine',
      { schema: { querystring: languageQuery }, config: { access: 'public' } },
      async (request) => {
        const session = await authenticateMachine(ctx, bearerToken(request));
        return readMyMachine(ctx, session, request.query.lang ?? 'en');
      },
    );

    app.get(
      '/api/my-machine/reports/:reference.pdf',
      { schema: { params: reportParams }, config: { access: 'public' }, compress: false },
      async (request, reply) => {
        const session = await authenticateMachine(ctx, bearerToken(request));
        const { reference } = request.params;
        const pdf = await readReportPdf(ctx, session, reference);
        return reply
          .headers(PDF_SECURITY_HEADERS)
          .header('content-disposition', `inline; filename="${reference.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf"`)
          .type('application/pdf')
          .send(pdf);
      },
    );

    app.post('/api/my-machine/sign-out', { config: { access: 'public' } }, async (request, reply) => {
      await signOut(ctx, bearerToken(request));
      return reply.status(204).send();
    });
  };
