import { z } from 'zod';
import { pagingQuery } from '../../lib/paging';

export const listVaultCasesQuerySchema = z.object({ ...pagingQuery(10) });
