import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InvalidField } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../fixtures/citizens';
import { client, multipart, type ErrorBody } from '../fixtures/http';
import { createTestApp, type TestApp } from '../helpers';

/**
 * Issue #40: the rules that read the step's files, through the API (the catalogue walkthrough
 * shows every other rule's error through its template's sample): without the file the server
 * answers the rule's code in the person's language; with it, the step is taken.
 */
type DocumentAnswer = {
  data: { document: { id: string; step_name: string; 'digest-sha256': string } };
};

const validPdf = fs.readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/files/valid.pdf'),
);

describe('template rules that read files', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    api = client(t.app);
    token = await loginAs(t, '100000015', { certifiedMobile: '6912345678' });
  });
  afterAll(async () => t?.close());

  async function draft(template: string) {
    const created = await api<DocumentAnswer>('POST', '/api/my-declarations/', {
      token,
      json: { document: { template } },
    });
    expect(created.status).toBe(201);
    return created.body.data.document;
  }

  function send(id: string, statements: Record<string, unknown>, locale: string, file?: string) {
    const body = { document: { statements } };
    const url = `/api/my-declarations/${id}`;
    const headers = { 'accept-language': locale };
    if (!file) return api<DocumentAnswer & ErrorBody>('POST', url, { token, json: body, headers });
    const form = multipart(body, [
      {
        name: `file__${file}`,
        filename: 'file.pdf',
        contentType: 'application/pdf',
        bytes: validPdf,
      },
    ]);
    return api<DocumentAnswer & ErrorBody>('POST', url, {
      token,
      payload: form.payload,
      headers: { ...form.headers, ...headers },
    });
  }

  const invalid = (body: ErrorBody) =>
    (body.error.data?.invalid_fields as InvalidField[]).map((entry) => [
      entry.invalid_field,
      entry.error_info.code,
      entry.error_info.message,
    ]);

  it('vehicle-plates-return-application: the insurance policy must be attached', async () => {
    const document = await draft('vehicle-plates-return-application');
    const vehicle = {
      plate_number: 'ΙΖΧ1234',
      vehicle_type: 'car',
      insurance_company: 'Εθνική Ασφαλιστική',
    };
    const greek = await send(document.id, vehicle, 'el');
    expect(greek.status).toBe(400);
    expect(invalid(greek.body)).toEqual([
      [
        'insurance_policy',
        'insurance_policy_required',
        'Απαιτείται η επισύναψη του ασφαλιστηρίου συμβολαίου',
      ],
    ]);
    const french = await send(document.id, vehicle, 'fr');
    expect(invalid(french.body)[0]?.[2]).toBe("La police d'assurance doit être jointe");
    const attached = await send(document.id, vehicle, 'el', 'insurance_policy');
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expect(attached.body.data.document.step_name).toBe('recipient');
  });

  it('water-social-tariff-application: the certificate attached instead of its code', async () => {
    const document = await draft('water-social-tariff-application');
    const supply = { supply_number: '0123456789', supply_address: 'Πατησίων 100, Αθήνα' };
    const neither = await send(document.id, supply, 'en');
    expect(invalid(neither.body)).toEqual([
      [
        'certificate_code',
        'certificate_or_code_required',
        'Attach the certificate or fill in its code',
      ],
    ]);
    const attached = await send(document.id, supply, 'el', 'certificate');
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
  });
});
