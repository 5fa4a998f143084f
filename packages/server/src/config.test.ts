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
    expect(config.DEVEL).toBe(true);
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('reads flags, numbers and lists', () => {
    const config = loadConfig({
      PORT: '9000',
      REFCODE_ENABLED: 'false',
      INBOX_STATES: 'new, doing ,done',
      PUBLIC_URL: 'https://dilosi.example.gr/',
    });
    expect(config.PORT).toBe(9000);
    expect(config.REFCODE_ENABLED).toBe(false);
    expect(config.INBOX_STATES).toEqual(['new', 'doing', 'done']);
    expect(config.publicUrl).toBe('https://dilosi.example.gr');
  });

  it.each([
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
