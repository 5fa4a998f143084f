import { describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES, normalizeRecipient, renderNotification } from '../../src/notify';
import { toHtml } from '../../src/notify/transports';

const documentParams = {
  title: { el: 'Υπεύθυνη δήλωση', en: 'Solemn declaration', fr: 'Déclaration sur l’honneur' },
  reference_code: 'ABCD-EFGH-JKLM',
  url: 'https://dilosi.example.gr/d/ABCD-EFGH-JKLM',
};

describe('notification texts', () => {
  it('renders the OTP SMS in Greek, English and French', () => {
    const params = { code: '123456', minutes: 5 };
    expect(renderNotification('otp_sms', 'el', params)).toEqual({
      subject: null,
      body: 'Ο κωδικός επιβεβαίωσης για το έγγραφό σας είναι 123456. Ισχύει για 5 λεπτά.',
    });
    expect(renderNotification('otp_sms', 'en', params).body).toBe(
      'The confirmation code for your document is 123456. It is valid for 5 minutes.',
    );
    expect(renderNotification('otp_sms', 'fr', params).body).toBe(
      'Le code de confirmation de votre document est 123456. Il est valable 5 minutes.',
    );
  });

  it('renders e-mails with a subject, the link and the footer, reading localized params', () => {
    const el = renderNotification('document_email', 'el', documentParams);
    expect(el.subject).toBe('Το έγγραφό σας: Υπεύθυνη δήλωση (ABCD-EFGH-JKLM)');
    expect(el.body).toContain('«Υπεύθυνη δήλωση» με κωδικό επαλήθευσης ABCD-EFGH-JKLM εκδόθηκε');
    expect(el.body).toContain('\nhttps://dilosi.example.gr/d/ABCD-EFGH-JKLM\n');
    expect(el.body).toMatch(/Μην απαντάτε σε αυτό\.$/);

    const en = renderNotification('document_email', 'en', documentParams);
    expect(en.subject).toBe('Your document: Solemn declaration (ABCD-EFGH-JKLM)');
    expect(en.body).toMatch(/Please do not reply\.$/);

    const fr = renderNotification('document_link_email', 'fr', {
      ...documentParams,
      sender: 'Maria Papadopoulou',
    });
    expect(fr.subject).toBe(
      'Maria Papadopoulou vous a envoyé un document : Déclaration sur l’honneur',
    );
    expect(fr.body).toContain('https://dilosi.example.gr/d/ABCD-EFGH-JKLM');
  });

  it('writes names people typed as one plain line, their web addresses defanged', () => {
    const params = {
      entity: { el: 'Δήμος\nΠληρώστε στο https://evil.example/pay ή evil.com', en: 'x', fr: 'x' },
      case_id: '2026/000001',
      url: 'https://dilosi.example.gr/my/messages',
    };
    const sms = renderNotification('case_message_sms', 'el', params);
    expect(sms.body).toContain('Δήμος Πληρώστε στο https[:]//evil[.]example/pay ή evil[.]com');
    expect(sms.body).not.toMatch(/evil\.com|https:\/\/evil/);
    // The service's own link stays a link.
    expect(sms.body).toContain('https://dilosi.example.gr/my/messages');
    const email = renderNotification('case_message_email', 'el', params);
    const html = toHtml(email.body, 'el');
    expect(html).not.toContain('href="https://evil');
    expect(html).toContain('href="https://dilosi.example.gr/my/messages"');
  });

  it('falls back to the Greek value of a localized param that lacks the language', () => {
    const body = renderNotification('document_sms', 'fr', {
      ...documentParams,
      title: { el: 'Εξουσιοδότηση' },
    }).body;
    expect(body).toBe(
      'Votre document « Εξουσιοδότηση » (ABCD-EFGH-JKLM) : https://dilosi.example.gr/d/ABCD-EFGH-JKLM',
    );
  });

  it('has every text in every language, with no placeholder left over', () => {
    for (const key of Object.keys(
      NOTIFICATION_MESSAGES,
    ) as (keyof typeof NOTIFICATION_MESSAGES)[]) {
      const params = Object.fromEntries(
        NOTIFICATION_MESSAGES[key].params.map((name) => [name, `<${name}>`]),
      );
      const bodies = (['el', 'en', 'fr'] as const).map((locale) => {
        const rendered = renderNotification(key, locale, params);
        expect(rendered.body).not.toMatch(/\{\{|notifications|\.body$/);
        for (const name of NOTIFICATION_MESSAGES[key].params) {
          expect(`${rendered.subject ?? ''} ${rendered.body}`).toContain(`<${name}>`);
        }
        return rendered.body;
      });
      expect(new Set(bodies).size).toBe(3);
    }
  });

  it('refuses to render without the parameters a text needs', () => {
    expect(() => renderNotification('otp_sms', 'el', { code: '123456' })).toThrow(/minutes/);
  });

  it('normalizes recipients: mobiles to E.164, e-mail to lower case', () => {
    expect(normalizeRecipient('sms', '6912345678')).toBe('+306912345678');
    expect(normalizeRecipient('sms', '+30 691 234 5678')).toBe('+306912345678');
    expect(normalizeRecipient('sms', '00306912345678')).toBe('+306912345678');
    expect(normalizeRecipient('sms', '+35799123456')).toBe('+35799123456');
    expect(normalizeRecipient('sms', '2101234567')).toBeNull();
    expect(normalizeRecipient('sms', 'not a number')).toBeNull();
    expect(normalizeRecipient('email', ' Maria@Example.GR ')).toBe('maria@example.gr');
    expect(normalizeRecipient('email', '')).toBeNull();
    expect(normalizeRecipient('email', 'nope')).toBeNull();
  });
});
