/** The queue of jobs/definitions/vault-export.ts, named here so the routes need not import it. */
export const VAULT_EXPORT_JOB = 'vault-export';
