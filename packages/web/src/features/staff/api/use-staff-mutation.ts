import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffKeys } from './keys';

/** A staff-side change; the whole dashboard is read again, since roles decide what it shows. */
export function useStaffMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.all }),
  });
}
