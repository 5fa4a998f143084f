import { appConfigSchema, type AppConfig } from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';

export function publicAppConfig(config: Config): AppConfig {
  return {
    flags: {
      DEVEL: config.DEVEL,
      DASHBOARD_ENABLED: config.DASHBOARD_ENABLED,
      CITIZENINBOX_ENABLED: config.CITIZENINBOX_ENABLED,
      REFCODE_ENABLED: config.REFCODE_ENABLED,
    },
    settings: {
      LANDING_PAGE_URL: config.LANDING_PAGE_URL ?? null,
      VALIDATION_DEFAULT_CONTEXT: config.VALIDATION_DEFAULT_CONTEXT,
      INBOX_STATES: config.INBOX_STATES,
      ISSUE_NOTIFICATION_TITLE: config.ISSUE_NOTIFICATION_TITLE ?? null,
      ISSUE_NOTIFICATION_MESSAGE: config.ISSUE_NOTIFICATION_MESSAGE ?? null,
      FILE_MAX_SIZE: config.FILE_MAX_SIZE,
      COMMUNICATIONS_MESSAGE_MAX_SIZE: config.COMMUNICATIONS_MESSAGE_MAX_SIZE,
      USER_INBOX_INCOMING_LIMIT: config.USER_INBOX_INCOMING_LIMIT,
      USER_INBOX_RETRIEVED_LIMIT: config.USER_INBOX_RETRIEVED_LIMIT,
      LANGUAGES: config.LANGUAGES,
      VERSION: process.env.npm_package_version ?? '0.1.0',
    },
  };
}

export async function getAppConfigRoute(app: FastifyInstance, config: Config): Promise<void> {
  const body = publicAppConfig(config);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/appconfig/',
    {
      schema: {
        tags: ['config'],
        summary: 'Public settings and feature flags',
        response: { 200: appConfigSchema },
      },
    },
    async () => body,
  );
}
