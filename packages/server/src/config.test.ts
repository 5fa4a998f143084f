import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the embedded defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.FILE_MAX_SIZE).toBe(5_242_880);
    expect(config.COMMUNICATIONS_MESSAGE_MAX_SIZE).toBe(320);
    expect(config.INBOX_STATES).toEqual(['A', 'B', 'C']);
    expect(config.LANGUAGES).toEqual(['el', 'en', 'fr']);
    expect(config.DEVEL).toBe(true);
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('reads flags, numbers and lists', () => {
    const config = loadConfig({
      PORT: '9000',
      REFCODE_ENABLED: 'false',
      INBOX_STATES: 'new, doing ,done',
      LANGUAGES: 'el, de',
      PUBLIC_URL: 'https://dilosi.example.gr/',
    });
    expect(config.PORT).toBe(9000);
    expect(config.REFCODE_ENABLED).toBe(false);
    expect(config.INBOX_STATES).toEqual(['new', 'doing', 'done']);
    // A language the catalogues lack is dropped: Greek alone, so no switcher.
    expect(config.LANGUAGES).toEqual(['el']);
    expect(() => loadConfig({ LANGUAGES: 'en' })).toThrow(ConfigError);
    expect(config.publicUrl).toBe('https://dilosi.example.gr');
  });

  it('turns DEVEL and the demo seed off by default with NODE_ENV=production, and only then', () => {
    const logins = {
      OIDC_GSIS_ISSUER: 'https://login.example',
      OIDC_GSIS_CLIENT_ID: 'dilosi',
      OIDC_GSIS_ADMIN_ISSUER: 'https://admin-login.example',
      OIDC_GSIS_ADMIN_CLIENT_ID: 'dilosi-admin',
      ALTCHA_HMAC_KEY: 'k'.repeat(40),
    };
    const production = loadConfig({ NODE_ENV: 'production', ...logins });
    expect([production.DEVEL, production.SEED_DEMO_DATA]).toEqual([false, false]);
    const devel = loadConfig({ NODE_ENV: 'production', DEVEL: 'true' });
    expect([devel.DEVEL, devel.SEED_DEMO_DATA]).toEqual([true, true]);
    expect(loadConfig({ NODE_ENV: 'development' }).SEED_DEMO_DATA).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).DEVEL).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DEVEL: 'off', ...logins }).DEVEL).toBe(false);
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).SEED_DEMO_DATA).toBe(false);
  });

  it('refuses DEVEL off without a real provider for the logins the service needs', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    const lines = message.split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(
        /^ {2}OIDC_GSIS_ISSUER="", OIDC_GSIS_CLIENT_ID="": the citizens' login/,
      ),
      expect.stringMatching(
        /^ {2}OIDC_GSIS_ADMIN_ISSUER="", OIDC_GSIS_ADMIN_CLIENT_ID="": the staff/,
      ),
      // And the captcha's signing key (issue #37).
      expect.stringMatching(/^ {2}ALTCHA_HMAC_KEY="": must be set/),
    ]);
    expect(() => loadConfig({ DEVEL: 'false', DASHBOARD_ENABLED: 'false' })).toThrow(
      /OIDC_GSIS_ISSUER/,
    );
  });

  it('reads the metrics token and listener', () => {
    const token = 'm'.repeat(40);
    const config = loadConfig({
      METRICS_TOKEN: token,
      METRICS_HOST: '127.0.0.1',
      METRICS_PORT: '9464',
    });
    expect(config.METRICS_TOKEN).toBe(token);
    expect(config.METRICS_HOST).toBe('127.0.0.1');
    expect(config.METRICS_PORT).toBe(9464);
    const none = loadConfig({ METRICS_TOKEN: '', METRICS_PORT: '' });
    expect(none.METRICS_TOKEN).toBeUndefined();
    expect(none.METRICS_PORT).toBeUndefined();
  });

  it('refuses a short METRICS_TOKEN without printing it', () => {
    const attempt = () => loadConfig({ METRICS_TOKEN: 'secret-but-short' });
    expect(attempt).toThrow(/METRICS_TOKEN=.*at least 32 characters/);
    expect(attempt).not.toThrow(/secret-but-short/);
  });

  it.each([
    [{ METRICS_HOST: '127.0.0.1' }, /METRICS_PORT="": must be set when METRICS_HOST is set/],
    [{ METRICS_PORT: '8080' }, /METRICS_PORT="8080": must differ from PORT/],
    [{ PORT: '9000', METRICS_PORT: '9000' }, /METRICS_PORT="9000": must differ from PORT/],
  ])('refuses the metrics listener %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it.each([
    ['METRICS_PORT', 'ninety'],
    ['METRICS_PORT', '70000'],
    ['DEVEL', 'sometimes'],
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['REFCODE_ENABLED', 'maybe'],
    ['FILE_MAX_SIZE', '0'],
    ['LOG_LEVEL', 'loud'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}=`));
  });
});
