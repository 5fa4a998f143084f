import { z } from 'zod';
import { pagingQuery } from '../templates';

export const listVaultCasesQuerySchema = z.object({ ...pagingQuery(10) });
