import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { searchRecipientsRoute } from './search-recipients';

/** Recipient search; registered inside the authenticated route tree. */
export async function recipientRoutes(authenticated: FastifyInstance, database: Database) {
  await searchRecipientsRoute(authenticated, database);
}
