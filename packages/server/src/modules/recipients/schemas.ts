import { localizedTextSchema } from '@dilosi/domain';
import { z } from 'zod';

export const RECIPIENT_QUERY_MIN = 3;

export const searchRecipientsQuerySchema = z.object({
  q: z.string().max(200).default('').describe('at least 3 characters of a name or codename'),
});

export const recipientListSchema = z.object({
  data: z.array(z.object({ codename: z.string(), name: localizedTextSchema })),
});
