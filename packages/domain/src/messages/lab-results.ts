import { z } from 'zod';

/**
 * Lab results (spec section 3): titles, then results, each a list of indicators (description,
 * value, unit, ref_unit, extra_field, bold and alignment flags). Carried by a message as
 * `state_data.lab_results`; the display cuts long texts and shows the doctor's notes apart
 * (spec section 9).
 */
export const labIndicatorSchema = z.object({
  description: z.string(),
  value: z.string().nullable().optional(),
  unit: z.string().nullable().optional(),
  ref_unit: z.string().nullable().optional(),
  extra_field: z.string().nullable().optional(),
  bold: z.boolean().optional(),
  align: z.enum(['left', 'center', 'right']).optional(),
});
export type LabIndicator = z.infer<typeof labIndicatorSchema>;

export const labResultsSchema = z.object({
  titles: z.array(z.string()),
  results: z.array(
    z.object({ title: z.string().optional(), indicators: z.array(labIndicatorSchema) }),
  ),
});
export type LabResults = z.infer<typeof labResultsSchema>;

/** The display's limits (spec section 9): description 70, value 50, extra_field 30 characters. */
export const LAB_TEXT_LIMITS = { description: 70, value: 50, extra_field: 30 } as const;

/**
 * A text over its limit is cut at the limit minus 20 and ends with dots (spec section 9);
 * a text within it is kept whole. Characters are counted as the person sees them (code points).
 */
export function truncateLabText(text: string, limit: number): string {
  const characters = Array.from(text);
  if (characters.length <= limit) return text;
  return `${characters
    .slice(0, Math.max(0, limit - 20))
    .join('')
    .trimEnd()}...`;
}

/** The indicator that starts the doctor's notes (spec section 9). */
export const LAB_NOTES_MARKER = 'ΠΑΡΑΤΗΡΗΣΕΙΣ';

/**
 * Splits a result's indicators at 'ΠΑΡΑΤΗΡΗΣΕΙΣ': the measurements before it, and the doctor's
 * notes from it on (the marker included, as their heading). No marker: no notes.
 */
export function splitDoctorNotes(indicators: LabIndicator[]): {
  measurements: LabIndicator[];
  notes: LabIndicator[];
} {
  const at = indicators.findIndex(
    (indicator) => indicator.description.trim().toLocaleUpperCase('el') === LAB_NOTES_MARKER,
  );
  if (at < 0) return { measurements: indicators, notes: [] };
  return { measurements: indicators.slice(0, at), notes: indicators.slice(at) };
}

/** Lab results a message carries, or null when it carries none or they are not of this shape. */
export function parseLabResults(value: unknown): LabResults | null {
  if (value === undefined || value === null) return null;
  const parsed = labResultsSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
