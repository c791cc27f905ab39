import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TRANSLATION_GAPS_URL } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { translationGaps } from './translation-gaps';

/** What the catalogue still lacks in Tamil and Hindi, for the staff who enter it (decision 072). */
export const translationGapsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(TRANSLATION_GAPS_URL, { config: { access: 'admin', permission: 'catalogue.write' } }, () =>
      translationGaps(ctx.db),
    );
  };
