import { describe, expect, it } from 'vitest';
import {
  annotationFilter,
  annotationValue,
  formFieldFilter,
  type AnnotationKind,
} from './case-annotations';

const kind = (k: AnnotationKind, choices: string[] = []) => ({
  kind: k,
  choices,
});

describe('annotationValue', () => {
  it('keeps yes/no as yes or no only', () => {
    expect(annotationValue(kind('yes_no'), 'yes')).toEqual({ value: 'yes' });
    expect(annotationValue(kind('yes_no'), 'ναι')).toEqual({ error: 'annotation_value_invalid' });
  });

  it('keeps real days as YYYY-MM-DD', () => {
    expect(annotationValue(kind('date'), '2026-02-28')).toEqual({ value: '2026-02-28' });
    expect(annotationValue(kind('date'), '2026-02-29')).toEqual({
      error: 'annotation_value_invalid',
    });
    expect(annotationValue(kind('date'), '28/02/2026')).toEqual({
      error: 'annotation_value_invalid',
    });
  });

  it('keeps numbers in plain decimal notation, a comma read as the point', () => {
    expect(annotationValue(kind('number'), '12,50')).toEqual({ value: '12.50' });
    expect(annotationValue(kind('number'), '-007')).toEqual({ value: '-7' });
    expect(annotationValue(kind('number'), '1e5')).toEqual({ error: 'annotation_value_invalid' });
    expect(annotationValue(kind('number'), '1.23456')).toEqual({
      error: 'annotation_value_invalid',
    });
  });

  it('keeps a choice among the field’s only', () => {
    expect(annotationValue(kind('choice', ['Α', 'Β']), 'Β')).toEqual({ value: 'Β' });
    expect(annotationValue(kind('choice', ['Α', 'Β']), 'Γ')).toEqual({
      error: 'annotation_value_invalid',
    });
  });

  it('keeps text up to 500 characters without control characters; empty clears', () => {
    expect(annotationValue(kind('text'), '  line\nnext ')).toEqual({ value: 'line\nnext' });
    expect(annotationValue(kind('text'), 'a\u0000b')).toEqual({
      error: 'annotation_value_invalid',
    });
    expect(annotationValue(kind('text'), 'x'.repeat(501))).toEqual({ error: 'text_too_long' });
    expect(annotationValue(kind('text'), '   ')).toEqual({ value: null });
    expect(annotationValue(kind('number'), null)).toEqual({ value: null });
  });

  it('takes no text for an attachment (its PDF comes by upload); empty clears it', () => {
    expect(annotationValue(kind('attachment'), 'file.pdf')).toEqual({
      error: 'annotation_value_invalid',
    });
    expect(annotationValue(kind('attachment'), null)).toEqual({ value: null });
  });
});

describe('annotationFilter', () => {
  const id = '0b7c8a9e-1f2d-4c3b-9a8e-7d6c5b4a3f21';
  it('reads {fieldId}:{value}', () => {
    expect(annotationFilter(`${id}:yes`)).toEqual({ fieldId: id, value: 'yes' });
    expect(annotationFilter(`${id.toUpperCase()}:a:b`)).toEqual({ fieldId: id, value: 'a:b' });
  });
  it('refuses anything else', () => {
    for (const bad of [undefined, '', 'yes', `${id}:`, 'x:yes', `${id}:${'v'.repeat(201)}`]) {
      expect(annotationFilter(bad)).toBeNull();
    }
  });
});

describe('formFieldFilter', () => {
  it('reads {fieldKey}:{text}', () => {
    expect(formFieldFilter('surname: Παπα ')).toEqual({ key: 'surname', text: 'Παπα' });
    expect(formFieldFilter('a_1:x:y')).toEqual({ key: 'a_1', text: 'x:y' });
  });
  it('refuses anything else', () => {
    for (const bad of [undefined, '', 'surname', 'surname:', 'Surname:x', '1a:x', "a':x"]) {
      expect(formFieldFilter(bad)).toBeNull();
    }
  });
});
