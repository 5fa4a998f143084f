import type { ReactNode } from 'react';
import { createContext, useContext } from 'react';
import type { FieldComponentProps } from './types';

/** How a component renders a field inside it (list_of rows): the renderer's own field slot. */
export const RenderFieldContext = createContext<(props: FieldComponentProps) => ReactNode>(
  () => null,
);

export function useRenderField() {
  return useContext(RenderFieldContext);
}
