import { apiErrorSchema } from '@dilosi/domain';

/**
 * The error answers of an authenticated route that takes input and may change state, spread
 * into its response schema beside its success answer (and so into the OpenAPI document).
 */
export const routeErrors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** The OpenAPI fields of a bearer-token route under `tag`: `docsOf('cases')('Summary')`. */
export const docsOf = (tag: string) => (summary: string) => ({
  tags: [tag],
  summary,
  security: [{ bearer: [] }],
});
