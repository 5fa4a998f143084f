import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  changeCaseStateFormSchema,
  caseMessageFormSchema,
  caseNoteFormSchema,
} from '../cases/case-action-forms';
import {
  entitySettingsFormSchema,
  newPermissionRequestFormSchema,
  newStaffFormSchema,
} from '../staff/staff-forms';
import { invalidFieldsOf, issueError } from './schema-fields';

/** Field → code, as the API's invalid_fields name them. */
const codesOf = (schema: z.ZodType, value: unknown) =>
  Object.fromEntries(
    invalidFieldsOf(schema, value).map((f) => [f.invalid_field, f.error_info.code]),
  );

describe('coded form schemas', () => {
  it('adding staff: every field required, then the tax number its check digit (server codes)', () => {
    expect(
      codesOf(newStaffFormSchema, { firstname: ' ', surname: '', afm: '', role: 'clerk' }),
    ).toEqual({
      firstname: 'required',
      surname: 'required',
      afm: 'required',
    });
    expect(
      codesOf(newStaffFormSchema, {
        firstname: 'Α',
        surname: 'Β',
        afm: '123456789',
        role: 'clerk',
      }),
    ).toEqual({ afm: 'afm_invalid' });
    expect(
      newStaffFormSchema.parse({
        firstname: ' Νίκος ',
        surname: 'Νέος',
        afm: ' 200000018 ',
        role: 'head',
      }),
    ).toEqual({ firstname: 'Νίκος', surname: 'Νέος', afm: '200000018', role: 'head' });
  });

  it('a permission request names its entity upper-cased; blank is required', () => {
    expect(codesOf(newPermissionRequestFormSchema, { entity_name: '  ', role: 'clerk' })).toEqual({
      entity_name: 'required',
    });
    expect(newPermissionRequestFormSchema.parse({ entity_name: ' dimos ' })).toEqual({
      entity_name: 'DIMOS',
      role: 'clerk',
    });
  });

  it('entity settings: the Greek name required and plain, the e-mail required and valid', () => {
    const settings = (el: string, email: string) => ({
      display_name: { el, en: '', fr: 'x.com' },
      email,
      is_addressable: true,
    });
    expect(codesOf(entitySettingsFormSchema, settings('', ''))).toEqual({
      'display_name.el': 'required',
      'display_name.fr': 'text_web_address',
      email: 'required',
    });
    expect(codesOf(entitySettingsFormSchema, settings('Δήμος', 'not-an-address'))).toMatchObject({
      email: 'email_invalid',
    });
  });

  it("a case's actions answer the routes' own codes", () => {
    expect(codesOf(caseNoteFormSchema, { comment: ' ' })).toEqual({ comment: 'comment_required' });
    expect(invalidFieldsOf(caseMessageFormSchema, { message: 'x'.repeat(321) })).toEqual([
      { invalid_field: 'message', error_info: { code: 'message_too_long', params: { max: 320 } } },
    ]);
    expect(codesOf(changeCaseStateFormSchema, { state: 'canceled', reason: '' })).toEqual({
      reason: 'reason_required',
    });
    expect(codesOf(changeCaseStateFormSchema, { state: 'finished', reason: '' })).toEqual({});
  });

  it("maps zod's own checks to catalogue codes", () => {
    const schema = z.object({
      a: z.string(),
      b: z.string().max(3),
      c: z.array(z.string()).min(1),
      d: z.enum(['x']),
    });
    const issues = schema.safeParse({ b: 'long', c: [], d: 'y' }).error?.issues ?? [];
    expect(issues.map(issueError)).toEqual([
      { code: 'required' },
      { code: 'text_too_long', params: { max: 3 } },
      { code: 'choices_too_few', params: { min: 1 } },
      { code: 'choice_invalid' },
    ]);
  });
});
