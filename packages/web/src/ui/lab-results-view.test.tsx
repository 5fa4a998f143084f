import { render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { LabResultsView } from './lab-results-view';

const LONG_NAME = 'Ολική χοληστερόλη ορού αίματος μετά από δωδεκάωρη νηστεία και ενυδάτωση';

describe('LabResultsView', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('el');
  });

  it('shows titles, a table of indicators, long texts cut with the whole kept, notes apart', () => {
    render(
      <LabResultsView
        results={{
          titles: ['Μικροβιολογικό Εργαστήριο Αθηνών', 'Γενική εξέταση αίματος'],
          results: [
            {
              title: 'Βιοχημικές',
              indicators: [
                { description: 'Σάκχαρο', value: '92', unit: 'mg/dL', ref_unit: '70-110' },
                { description: LONG_NAME, value: '185', unit: 'mg/dL', bold: true },
                { description: 'ΠΑΡΑΤΗΡΗΣΕΙΣ' },
                { description: 'Επανάληψη σε έξι μήνες.' },
              ],
            },
          ],
        }}
      />,
    );
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Μικροβιολογικό Εργαστήριο Αθηνών',
      'Γενική εξέταση αίματος',
    ]);
    const table = screen.getByRole('table', { name: 'Βιοχημικές' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain('92 mg/dL');
    expect(rows[1]?.textContent).toContain('70-110');
    const cut = within(rows[2] as HTMLElement).getByTitle(LONG_NAME);
    expect(cut.querySelector('[aria-hidden="true"]')?.textContent).toBe(
      `${Array.from(LONG_NAME).slice(0, 50).join('').trimEnd()}...`,
    );
    expect(within(table).queryByText('Επανάληψη σε έξι μήνες.')).toBeNull();
    expect(screen.getByRole('heading', { level: 4, name: 'Παρατηρήσεις ιατρού' })).toBeTruthy();
    expect(screen.getByText('Επανάληψη σε έξι μήνες.')).toBeTruthy();
  });
});
