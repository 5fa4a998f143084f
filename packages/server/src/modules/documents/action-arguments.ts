import {
  isValidEmail,
  SHARE_TARGETS_MAX,
  validateAfm,
  type InvalidField,
  type Locale,
} from '@dilosi/domain';
import { AppError } from '../../lib/app-error';
import { translate } from '../../lib/i18n';

/** A person to share with, checked. */
export type PersonTargetInput = { firstname: string; surname: string; afm: string };

/** Collects the refusals of an action's arguments into one 400 invalid_fields. */
export class ArgumentErrors {
  private readonly fields: InvalidField[] = [];
  constructor(private readonly locale: Locale) {}

  add(field: string, code: string, params?: Record<string, unknown>, namespace = 'validation') {
    this.fields.push({
      invalid_field: field,
      error_info: {
        code,
        message: translate(this.locale, namespace, code, params),
        ...(params ? { params } : {}),
      },
    });
  }

  /** A required text argument, trimmed; undefined (and an error) when missing or too long. */
  text(args: Record<string, unknown>, field: string, max = 100, prefix = ''): string | undefined {
    const value = args[field];
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '') this.add(`${prefix}${field}`, 'required');
    else if (text.length > max) this.add(`${prefix}${field}`, 'text_too_long', { max });
    else return text;
    return undefined;
  }

  /**
   * An e-mail address argument; required unless a fallback is given. Missing or '' takes the
   * fallback; text that is not an address, spaces only included, is refused (isValidEmail
   * accepts '' for optional form fields, and '   ' trims to it).
   */
  email(args: Record<string, unknown>, field: string, fallback: string | null = null) {
    const value = args[field];
    if (value === undefined || value === null || value === '') {
      if (fallback && fallback.trim() !== '' && isValidEmail(fallback)) return fallback;
      this.add(field, 'required');
      return undefined;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '' || !isValidEmail(text)) {
      this.add(field, 'email_invalid');
      return undefined;
    }
    return text;
  }

  afm(args: Record<string, unknown>, field: string, prefix = ''): string | undefined {
    const text = this.text(args, field, 20, prefix);
    if (text === undefined) return undefined;
    const error = validateAfm(text);
    if (error) {
      this.add(`${prefix}${field}`, error.code);
      return undefined;
    }
    return text;
  }

  /**
   * `share`'s `targets` (spec section 7): one or more persons, each `{ type: 'person',
   * firstname, surname, afm }`, checked as one; errors name `targets[i].field`.
   */
  personTargets(args: Record<string, unknown>): PersonTargetInput[] {
    const targets = args.targets;
    if (!Array.isArray(targets) || targets.length === 0) {
      this.add('targets', 'required');
      return [];
    }
    if (targets.length > SHARE_TARGETS_MAX) {
      this.add('targets', 'list_too_many', { max: SHARE_TARGETS_MAX });
      return [];
    }
    return targets.flatMap((target: unknown, index) => {
      const at = `targets[${index}]`;
      if (typeof target !== 'object' || target === null || Array.isArray(target)) {
        this.add(at, 'required');
        return [];
      }
      const fields = target as Record<string, unknown>;
      if (fields.type !== 'person') this.add(`${at}.type`, 'choice_invalid');
      const firstname = this.text(fields, 'firstname', 100, `${at}.`);
      const surname = this.text(fields, 'surname', 100, `${at}.`);
      const afm = this.afm(fields, 'afm', `${at}.`);
      return firstname && surname && afm ? [{ firstname, surname, afm }] : [];
    });
  }

  throwIfAny(): void {
    if (this.fields.length > 0) {
      throw new AppError(400, 'invalid_fields', { invalid_fields: this.fields });
    }
  }
}
