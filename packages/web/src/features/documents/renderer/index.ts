export { StepRenderer, type StepRendererProps } from './step-renderer';
export { FIELD_COMPONENT_REGISTRY } from './field-registry';
export type { StepSubmission, FieldComponentProps, AttachmentState } from './types';
