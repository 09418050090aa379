import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('has working defaults: embedded database in ./data on port 3000', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: './data', ROLE: 'all', SEED_DEMO: true });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('stops with a message naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'tres mil' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'tres mil' })).toThrow(/PORT="tres mil"/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL="mysql:\/\/x": must start with postgres/);
    expect(() => loadConfig({ APP_SECRET: 'short', ROLE: 'boss' })).toThrow(/ROLE="boss"[\s\S]*APP_SECRET="short": must be at least 32 characters/);
  });

  it('reads the mail settings, and never repeats a password of a bad URL', () => {
    expect(loadConfig({})).toMatchObject({ MAIL_FROM: 'Charla <no-reply@charla.local>' });
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@smtp.example.com:465' }).SMTP_URL).toBe('smtps://user:pass@smtp.example.com:465');
    expect(() => loadConfig({ SMTP_URL: 'http://user:s3cr3t@smtp.example.com' })).toThrow(/SMTP_URL="http:\/\/user:\*\*\*@smtp.example.com": must look like smtp:/);
    expect(() => loadConfig({ SMTP_URL: 'http://user:s3cr3t@smtp.example.com' })).not.toThrow(/s3cr3t/);
  });

  it('reads the Stripe prices as JSON and stops on a wrong one', () => {
    expect(loadConfig({}).STRIPE_PRICES).toEqual({});
    expect(loadConfig({}).BILLING_GRACE_DAYS).toBe(7);
    const prices = { price_1Pro: { plan: 'Pro', interval: 'month', currency: 'mxn' } };
    expect(loadConfig({ STRIPE_PRICES: JSON.stringify(prices) }).STRIPE_PRICES).toEqual(prices);
    expect(() => loadConfig({ STRIPE_PRICES: '{price_1' })).toThrow(/STRIPE_PRICES="\{price_1": must be JSON like/);
    expect(() => loadConfig({ STRIPE_PRICES: '{"price_1":{"plan":"Oro","interval":"month","currency":"mxn"}}' })).toThrow(/STRIPE_PRICES=.*\(at price_1\.plan\)/);
    expect(() => loadConfig({ STRIPE_PRICES: '{"price_1":{"plan":"Pro","interval":"week","currency":"mxn"}}' })).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_PRICES: '{"prod_1":{"plan":"Pro","interval":"month","currency":"mxn"}}' })).toThrow(ConfigError);
  });

  it('reads lists and booleans', () => {
    const c = loadConfig({ ALLOWED_ORIGINS: 'https://a.mx/, https://b.mx', TRUST_PROXY: 'true', SEED_DEMO: 'false' });
    expect(c.ALLOWED_ORIGINS).toEqual(['https://a.mx', 'https://b.mx']);
    expect(c.TRUST_PROXY).toBe(true);
    expect(c.SEED_DEMO).toBe(false);
  });

  it('seeds the demo account by default only in development, never with a default password in production', () => {
    expect(loadConfig({}).SEED_DEMO).toBe(true);
    expect(loadConfig({}).DEMO_PASSWORD).toBe('charla-demo-2026');
    expect(loadConfig({ NODE_ENV: 'test' }).SEED_DEMO).toBe(false);
    const production = loadConfig({ NODE_ENV: 'production' });
    expect(production.SEED_DEMO).toBe(false);
    expect(production.DEMO_PASSWORD).toBe('');
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toThrow(/DEMO_PASSWORD="": is required when SEED_DEMO=true/);
    const asked = loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', DEMO_PASSWORD: 'una-clave-larga' });
    expect(asked).toMatchObject({ SEED_DEMO: true, DEMO_PASSWORD: 'una-clave-larga' });
  });

  it('requires APP_SECRET with DATABASE_URL; the embedded default generates its own', () => {
    const url = 'postgres://charla:clave@db.internal:5432/charla';
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow(/APP_SECRET="": is required when DATABASE_URL is set/);
    expect(() => loadConfig({ DATABASE_URL: url })).not.toThrow(/clave/);
    expect(loadConfig({ DATABASE_URL: url, APP_SECRET: 'x'.repeat(32) }).DATABASE_URL).toBe(url);
    expect(loadConfig({}).APP_SECRET).toBeUndefined();
  });

  it('keeps files in DATA_DIR/files unless S3_BUCKET is set, and names what is missing or wrong', () => {
    expect(loadConfig({}).S3_BUCKET).toBeUndefined();
    const s3 = loadConfig({ S3_BUCKET: 'charla-files', S3_URL: 'http://127.0.0.1:9000/', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' });
    expect(s3).toMatchObject({ S3_BUCKET: 'charla-files', S3_URL: 'http://127.0.0.1:9000', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
    // AWS S3 itself: no endpoint, buckets by host name unless told otherwise.
    expect(loadConfig({ S3_BUCKET: 'charla-files', S3_REGION: 'eu-west-1' })).toMatchObject({ S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: false });
    expect(loadConfig({ S3_BUCKET: 'charla-files', S3_URL: 'https://s3.example.com', S3_FORCE_PATH_STYLE: 'false' }).S3_FORCE_PATH_STYLE).toBe(false);

    expect(() => loadConfig({ S3_URL: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET="": is required when S3_URL is set/);
    expect(() => loadConfig({ S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/S3_BUCKET="": is required when S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set/);
    expect(() => loadConfig({ S3_BUCKET: 'charla-files', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY="": is required when S3_ACCESS_KEY_ID is set/);
    expect(() => loadConfig({ S3_BUCKET: 'charla-files', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/S3_ACCESS_KEY_ID="": is required when S3_SECRET_ACCESS_KEY is set/);
    expect(() => loadConfig({ S3_BUCKET: 'Charla_Files' })).toThrow(/S3_BUCKET="Charla_Files": must be a bucket name/);
    expect(() => loadConfig({ S3_BUCKET: 'charla-files', S3_URL: 'ftp://files.example.com' })).toThrow(/S3_URL="ftp:\/\/files.example.com": must be an http\(s\) address/);
    expect(() => loadConfig({ S3_BUCKET: 'charla-files', S3_REGION: 'US East' })).toThrow(/S3_REGION="US East": must be a region name/);
    expect(() => loadConfig({ S3_BUCKET: 'charla-files', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE="maybe"/);
  });
});
