import { loginEndpointProvider, type PublicTemplate } from '@dilosi/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';

/**
 * The login a template accepts (its `login_endpoint`, issue #37), for /login?template=: the
 * provider it goes to, or null when the citizen may choose. A template that cannot be read (an
 * unknown name) leaves the choice as it is: the server still refuses another login for it.
 */
export function useTemplateLogin(refname: string | null) {
  return useQuery({
    queryKey: ['auth', 'template-login', refname],
    enabled: refname !== null,
    retry: false,
    queryFn: async ({ signal }) => {
      const body = await apiFetch<{ data: { template: PublicTemplate } }>(
        `/api/templates/${encodeURIComponent(refname ?? '')}`,
        { signal },
      );
      return loginEndpointProvider(body.data.template.login_endpoint);
    },
  });
}
