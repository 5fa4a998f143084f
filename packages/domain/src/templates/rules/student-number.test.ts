import { describe, expect, it } from 'vitest';
import el from '../../i18n/el/validation.json';
import en from '../../i18n/en/validation.json';
import fr from '../../i18n/fr/validation.json';
import { studentNumber } from './student-number';

const context = { now: new Date('2026-11-28T10:00:00Z') };
const params = { capacity: 'capacity', number: 'student_number' };

describe('student_number', () => {
  it('asks a student for her number, and takes it', () => {
    expect(studentNumber({ capacity: 'student' }, params, context)).toEqual([
      { field: 'student_number', error: { code: 'required' } },
    ]);
    expect(studentNumber({ capacity: 'student', student_number: '4012' }, params, context)).toEqual(
      [],
    );
  });

  it('refuses a number from someone who does not study', () => {
    expect(
      studentNumber({ capacity: 'not_student', student_number: '4012' }, params, context),
    ).toEqual([{ field: 'student_number', error: { code: 'student_number_only_for_students' } }]);
    expect(
      studentNumber({ capacity: 'not_student', student_number: ' ' }, params, context),
    ).toEqual([]);
    expect(el.student_number_only_for_students).toBe(
      'Ο αριθμός μητρώου φοιτητή συμπληρώνεται μόνο από φοιτητές',
    );
    expect(en.student_number_only_for_students).not.toBe('');
    expect(fr.student_number_only_for_students).not.toBe('');
  });

  it('waits for the capacity, and reads its own student value', () => {
    expect(studentNumber({ student_number: '1' }, params, context)).toEqual([]);
    expect(
      studentNumber({ capacity: 'yes' }, { ...params, student_value: 'yes' }, context),
    ).toEqual([{ field: 'student_number', error: { code: 'required' } }]);
  });
});
