import type { FieldComponent as FieldComponentName } from '@dilosi/domain';
import { AttachmentField } from './fields/attachment-field';
import {
  CheckboxField,
  ChoiceField,
  HierarchicalSelectField,
  MultipleChoiceField,
  PreferenceMultipleChoiceField,
  RadioChoiceField,
} from './fields/choice-fields';
import { FiveBlockDateField, ThreeBlockDateField } from './fields/date-fields';
import {
  DiffField,
  DynamicTextField,
  ImageField,
  LinkField,
  NoticeField,
  QrCodeField,
} from './fields/display-fields';
import { ListOfField } from './fields/list-of-field';
import { RecipientField } from './fields/recipient-field';
import {
  AfmField,
  AmkaField,
  DateField,
  DateTimeField,
  EmailField,
  HiddenField,
  IbanField,
  IntegerField,
  LandlinePhoneField,
  MobilePhoneField,
  PostalCodeField,
  RateField,
  StringField,
  TextAreaField,
} from './fields/text-fields';
import type { FieldComponent } from './types';

/** One React component per field component of the template schema (DESIGN section 6). */
const registry = {
  afm: AfmField,
  amka: AmkaField,
  attachment: AttachmentField,
  checkbox: CheckboxField,
  choice: ChoiceField,
  multiple_choice: MultipleChoiceField,
  radio_choice: RadioChoiceField,
  text: TextAreaField,
  string: StringField,
  email: EmailField,
  date: DateField,
  datetime: DateTimeField,
  five_block_date: FiveBlockDateField,
  three_block_date: ThreeBlockDateField,
  iban: IbanField,
  landline_phone: LandlinePhoneField,
  mobile_phone: MobilePhoneField,
  postal_code: PostalCodeField,
  integer: IntegerField,
  rate: RateField,
  hierarchical_select: HierarchicalSelectField,
  recipient: RecipientField,
  link: LinkField,
  qrcode: QrCodeField,
  preference_multiple_choice: PreferenceMultipleChoiceField,
  diff: DiffField,
  notice: NoticeField,
  hidden: HiddenField,
  image: ImageField,
  dynamic_text: DynamicTextField,
  list_of: ListOfField,
} satisfies Record<FieldComponentName, FieldComponent>;

export const FIELD_COMPONENT_REGISTRY: Record<string, FieldComponent> = registry;

export function resolveFieldComponent(name: string): FieldComponent | undefined {
  return Object.hasOwn(FIELD_COMPONENT_REGISTRY, name) ? FIELD_COMPONENT_REGISTRY[name] : undefined;
}
