import type { ReactNode } from 'react';
import { displayValue, fillPlaceholders, type StepField } from '@dilosi/domain';
import { FieldHint, TechnicalError } from '../form-primitives';
import { isSafeHref, MarkdownLite } from '../markdown-lite';
import type { FieldComponentProps } from '../types';
import { useDocumentsText } from '../use-renderer-text';
import { DocumentQrCode } from '../../document-qr-code';

/** Components that only show something (DISPLAY_ONLY_COMPONENTS): no value, no error. */

function fillFromValues(text: string, props: FieldComponentProps): string {
  const fields = new Map<string, StepField>(Object.entries(props.fields));
  return fillPlaceholders(text, fields, props.values, props.locale);
}

export function LinkField({ id, field, locale }: FieldComponentProps) {
  const href = field['component-params'].href ?? '';
  const label = field.label[locale];
  const external = /^https?:/i.test(href);
  return (
    <div className="govgr-field">
      <p className="govgr-body">
        {isSafeHref(href) ? (
          <a
            id={id}
            className="govgr-link"
            href={href}
            aria-describedby={field.hint ? `${id}-hint` : undefined}
            {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {label}
          </a>
        ) : (
          label
        )}
      </p>
      <FieldHint id={id} field={field} locale={locale} />
    </div>
  );
}

/**
 * The QR code is drawn on the issued document (server side); here the citizen sees what it will
 * encode, in a box that stands for it.
 */
export function QrCodeField(props: FieldComponentProps) {
  const t = useDocumentsText();
  const { id, field, locale } = props;
  const content = fillFromValues(field['component-params'].content ?? '', props);
  return (
    <figure className="dilosi-qrcode-field" id={id} aria-labelledby={`${id}-caption`}>
      {content ? (
        <DocumentQrCode url={content} label={field.label[locale] || t('qrcode.label')} />
      ) : null}
      <figcaption id={`${id}-caption`}>
        <span className="govgr-label">{field.label[locale] || t('qrcode.label')}</span>
        <span className="govgr-hint dilosi-hint-line">{t('qrcode.note')}</span>
        <code className="dilosi-qrcode-field__content">{content}</code>
      </figcaption>
    </figure>
  );
}

type DiffPart = { text: string; isChanged: boolean };

/** Word-level difference (longest common subsequence) of two texts, for each side. */
export function diffWords(left: string, right: string): [DiffPart[], DiffPart[]] {
  const a = left.split(/(\s+)/).filter(Boolean);
  const b = right.split(/(\s+)/).filter(Boolean);
  const lengths = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      const row = lengths[i] as number[];
      row[j] =
        a[i] === b[j]
          ? (lengths[i + 1]?.[j + 1] ?? 0) + 1
          : Math.max(lengths[i + 1]?.[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const inA = new Set<number>();
  const inB = new Set<number>();
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      inA.add(i++);
      inB.add(j++);
    } else if ((lengths[i + 1]?.[j] ?? 0) >= (lengths[i]?.[j + 1] ?? 0)) i++;
    else j++;
  }
  const parts = (words: string[], kept: Set<number>) =>
    words.map((text, index) => ({ text, isChanged: !kept.has(index) && text.trim() !== '' }));
  return [parts(a, inA), parts(b, inB)];
}

/** Two fields' values side by side, the words that differ highlighted. */
export function DiffField(props: FieldComponentProps) {
  const t = useDocumentsText();
  const { id, field, locale, fields, values } = props;
  const [leftKey = '', rightKey = ''] = field['component-params'].compare ?? [];
  const sides = [fields[leftKey], fields[rightKey]];
  const texts = sides.map((side) => (side ? displayValue(side, values[side.key], locale) : ''));
  const [left = [], right = []] = diffWords(texts[0] ?? '', texts[1] ?? '');
  const isSame = texts[0] === texts[1];
  return (
    <section className="govgr-field dilosi-diff" id={id} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="govgr-heading-s">
        {field.label[locale]}
      </h3>
      <FieldHint id={id} field={field} locale={locale} />
      <p className="govgr-body">{isSame ? t('diff.same') : t('diff.different')}</p>
      <div className="dilosi-diff__columns">
        {[left, right].map((parts, index) => (
          <div key={index} className="dilosi-diff__side">
            <p className="govgr-label">{sides[index]?.label[locale] ?? ''}</p>
            <p className="govgr-body">
              {parts.map((part, partIndex) =>
                part.isChanged ? (
                  <mark key={partIndex} className="dilosi-diff__changed">
                    {part.text}
                    <span className="govgr-visually-hidden"> {t('diff.changed')}</span>
                  </mark>
                ) : (
                  <span key={partIndex}>{part.text}</span>
                ),
              )}
            </p>
          </div>
        ))}
      </div>
    </section>
  );
}

/** A notice in the form: the label as its text, the hint below it. */
export function NoticeField({ id, field, locale }: FieldComponentProps) {
  const variant = field['component-params'].variant ?? 'info';
  return (
    <Notice id={id} variant={variant}>
      <p className="govgr-body">{field.label[locale]}</p>
      {field.hint ? <p className="govgr-body">{field.hint[locale]}</p> : null}
      {field.hint_md ? <MarkdownLite text={field.hint_md[locale]} /> : null}
    </Notice>
  );
}

/** Info as a notification banner; warnings and errors as GOV.GR warning text. */
export function Notice({
  id,
  variant,
  children,
}: {
  id?: string;
  variant: 'info' | 'warning' | 'error';
  children: ReactNode;
}) {
  const t = useDocumentsText();
  if (variant === 'info') {
    return (
      <div
        id={id}
        className="govgr-notification-banner dilosi-notice-banner"
        role="region"
        aria-label={t('notice.info')}
      >
        <div className="govgr-notification-banner__header">
          <p className="govgr-notification-banner__title">{t('notice.info')}</p>
        </div>
        <div className="govgr-notification-banner__content">{children}</div>
      </div>
    );
  }
  return (
    <div id={id} className={`govgr-warning-text dilosi-notice--${variant}`}>
      <span className="govgr-warning-text__icon" aria-hidden="true">
        !
      </span>
      <div className="govgr-warning-text__text">
        <span className="govgr-warning-text__assistive">{t(`notice.${variant}`)}: </span>
        <div>{children}</div>
      </div>
    </div>
  );
}

// Spec section 9: a bare base64 image's type by its first character.
const BASE64_TYPES: Record<string, string> = {
  '/': 'image/jpeg',
  i: 'image/png',
  R: 'image/gif',
  U: 'image/webp',
};

/** The data: URI to show, or null when the image is not base64 (a technical error). */
export function imageSource(src: string): string | null {
  const trimmed = src.trim();
  if (/^data:image\/[a-z0-9.+-]+;base64,[a-z0-9+/=\s]+$/i.test(trimmed)) return trimmed;
  const type = BASE64_TYPES[trimmed.charAt(0)];
  if (type && /^[a-z0-9+/=\s]+$/i.test(trimmed)) return `data:${type};base64,${trimmed}`;
  return null;
}

export function ImageField({ id, field, locale }: FieldComponentProps) {
  const t = useDocumentsText();
  const params = field['component-params'];
  const source = imageSource(params.src ?? '');
  if (!source) return <TechnicalError>{t('technical.imageEncoding')}</TechnicalError>;
  return (
    <figure className="dilosi-image" id={id}>
      <img src={source} alt={params.alt?.[locale] ?? field.label[locale]} width={200} />
      {field.hint ? <figcaption className="govgr-hint">{field.hint[locale]}</figcaption> : null}
    </figure>
  );
}

/** A text whose {{key}} placeholders follow the form's current values. */
export function DynamicTextField(props: FieldComponentProps) {
  const { id, field, locale } = props;
  const template = field['component-params'].template?.[locale] ?? '';
  return (
    <div id={id} className="dilosi-dynamic-text" aria-live="polite">
      <MarkdownLite text={fillFromValues(template, props)} />
    </div>
  );
}
