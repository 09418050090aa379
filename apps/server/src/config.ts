import { z } from 'zod';
import { billingCurrencies, billingIntervals, paidPlans } from '@charla/shared';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const seconds = z.coerce.number().int().positive();

const schema = z
  .object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://').optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  WEB_DIST: z.string().optional(),
  /** The app's public address, for links sent outside it (the hand-off notice); else the first allowed origin. */
  APP_URL: z.url().optional(),
  /** Partners' subdomains hang from it: `<slug>.APP_BASE_DOMAIN` is a partner's site, `partners.APP_BASE_DOMAIN` the partner portal. */
  APP_BASE_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, 'must be a host name such as charla.mx or localhost')
    .default('localhost'),
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((s) => s.split(',').map((o) => o.trim().replace(/\/$/, '')).filter(Boolean)),
  TRUST_PROXY: bool.default(false),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  ACCESS_TOKEN_TTL: seconds.default(900),
  REFRESH_TOKEN_TTL: seconds.default(60 * 60 * 24 * 30),
  REFRESH_REUSE_GRACE: z.coerce.number().int().min(0).default(5),
  LOGIN_MAX_PER_EMAIL: z.coerce.number().int().positive().default(10),
  LOGIN_MAX_PER_IP: z.coerce.number().int().positive().default(50),
  LOGIN_WINDOW: seconds.default(15 * 60),
  BODY_LIMIT: z.coerce.number().int().positive().default(1024 * 1024),
  TRAINING_ALLOW_PRIVATE_URLS: bool.default(false),
  YOUTUBE_BASE_URL: z.url().default('https://www.youtube.com'),
  AI_PROVIDER: z.enum(['offline', 'openai-compatible']).default('offline'),
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().min(1).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(20_000),
  ADMIN_EMAIL: z.email().default('admin@charla.local'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(256).optional(),
  SEED_DEMO: bool.optional(),
  DEMO_EMAIL: z.email().default('demo@charla.mx'),
  /** Required with SEED_DEMO=true under NODE_ENV=production; elsewhere `charla-demo-2026` by default. */
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(256).optional(),
  SHUTDOWN_TIMEOUT: z.coerce.number().int().positive().default(10_000),
  /** A running job's lease, renewed while it runs: a killed process's jobs are taken over about this long after. */
  JOB_LEASE_MS: z.coerce.number().int().min(3000).max(600_000).default(15_000),
  /** WhatsApp by QR: least time between two messages of one number, plus up to JITTER more at random. */
  WHATSAPP_WEB_MIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1200),
  WHATSAPP_WEB_JITTER_MS: z.coerce.number().int().min(0).max(60_000).default(800),
  /** QR codes shown in one pairing attempt before it stops (qr_timeout). */
  WHATSAPP_WEB_QR_MAX: z.coerce.number().int().min(1).max(50).default(5),
  /** A pairing that draws no QR code in this time tells the owner WhatsApp cannot be reached. */
  WHATSAPP_WEB_UNREACHABLE_MS: z.coerce.number().int().min(1000).max(600_000).default(40_000),
  /** How long a process's claim on a session holds without renewal (renewed every third of it). */
  WHATSAPP_WEB_LEASE_MS: z.coerce.number().int().min(300).max(600_000).default(30_000),
  /** First reconnection delay after a dropped connection; doubles up to a minute. */
  WHATSAPP_WEB_RECONNECT_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Meta app (WhatsApp Cloud API, Messenger, Instagram): webhook signatures, verification, token exchange. */
  META_APP_ID: z.string().regex(/^\d+$/, 'must be the numeric app id').optional(),
  /** The embedded signup's configuration id (Facebook Login for Business); public, like the app id. */
  META_CONFIG_ID: z.string().regex(/^\d+$/, 'must be the numeric configuration id').optional(),
  META_APP_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
  META_VERIFY_TOKEN: z.string().min(8, 'must be at least 8 characters').optional(),
  META_GRAPH_URL: z.url().default('https://graph.facebook.com/v23.0').transform((u) => u.replace(/\/+$/, '')),
  /** One Graph API call gives up after this long. */
  META_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** A send whose Graph call never answered (the process died during it) waits this long, once found, for Meta's status naming it before it is sent again. */
  META_CONFIRM_WINDOW_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
  /** Messages per second per WhatsApp number (Cloud API throughput is 80 by default, up to 1000). */
  WHATSAPP_RATE_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(80),
  /** Least time between two messages to one customer on a Meta channel, in order. */
  META_RECIPIENT_GAP_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  /** Webhook messages older than this (seconds) are stored but not answered: a late redelivery. */
  WEBHOOK_REPLAY_MAX_AGE: seconds.default(24 * 60 * 60),
  /** Outgoing mail through any SMTP server (`smtp://user:pass@host:587`, `smtps://…:465`); unset, messages go to DATA_DIR/outbox as .eml files. */
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, 'must look like smtp://user:pass@host:587 or smtps://user:pass@host:465').optional(),
  /** Sender of every message. */
  MAIL_FROM: z.string().min(3).max(200).default('Charla <no-reply@charla.local>'),
  /** Password-reset requests per e-mail and per IP in one hour. */
  PASSWORD_RESET_MAX_PER_EMAIL: z.coerce.number().int().positive().default(5),
  PASSWORD_RESET_MAX_PER_IP: z.coerce.number().int().positive().default(30),
  /** Key for secrets at rest: 32 bytes in base64 or hex, or any string of 32+ characters (hashed). */
  ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Stripe: payments are configured when the key, the webhook secret and at least one price are set. */
  STRIPE_SECRET_KEY: z.string().min(8, 'must be at least 8 characters').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
  /** JSON: `{"price_…": {"plan": "Pro", "interval": "month", "currency": "mxn"}, …}`. */
  STRIPE_PRICES: z
    .string()
    .default('{}')
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON like {"price_…": {"plan": "Pro", "interval": "month", "currency": "mxn"}}' });
        return z.NEVER;
      }
    })
    .pipe(
      z.record(
        z.string().regex(/^price_\w+$/, 'keys must be Stripe price ids (price_…)'),
        z.object({ plan: z.enum(paidPlans), interval: z.enum(billingIntervals), currency: z.enum(billingCurrencies) }).strict(),
      ),
    ),
  /** Files in a bucket of any S3-compatible store instead of DATA_DIR/files (what several machines share); the store is used when it is set. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens')
    .optional(),
  /** The store's endpoint (MinIO, Ceph, Cloudflare R2, DigitalOcean Spaces, Backblaze B2…); unset: AWS S3 in S3_REGION. */
  S3_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) address such as https://s3.example.com or http://127.0.0.1:9000' })
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1 (or auto)').default('us-east-1'),
  /** The key pair; unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID…, a profile, the machine's role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Objects at endpoint/bucket/key (what most compatible stores need); true by default when S3_URL is set. */
  S3_FORCE_PATH_STYLE: bool.optional(),
  /** Another Stripe API address (a local fake in tests), e.g. http://127.0.0.1:12111. */
  STRIPE_API_BASE: z.url().optional(),
  /** Days a failed payment is retried before the account falls to Free. */
  BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
  })
  .superRefine((c, ctx) => {
    // Every process on one database must sign sessions and open sealed credentials with the same key.
    if (c.DATABASE_URL && !c.APP_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'is required when DATABASE_URL is set, so that every process signs sessions and opens stored credentials with the same key (at least 32 characters, e.g. `openssl rand -base64 48`)' });
    }
    if (!c.S3_BUCKET) {
      const set = (['S3_URL', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const).filter((k) => c[k] !== undefined);
      if (set.length) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `is required when ${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set (files go to that bucket)` });
    }
    if (c.S3_ACCESS_KEY_ID && !c.S3_SECRET_ACCESS_KEY) ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'is required when S3_ACCESS_KEY_ID is set' });
    if (c.S3_SECRET_ACCESS_KEY && !c.S3_ACCESS_KEY_ID) ctx.addIssue({ code: 'custom', path: ['S3_ACCESS_KEY_ID'], message: 'is required when S3_SECRET_ACCESS_KEY is set' });
    if (c.NODE_ENV === 'production' && c.SEED_DEMO === true && !c.DEMO_PASSWORD) {
      ctx.addIssue({ code: 'custom', path: ['DEMO_PASSWORD'], message: 'is required when SEED_DEMO=true under NODE_ENV=production (there is no default password in production)' });
    }
    if (c.AI_PROVIDER !== 'openai-compatible') return;
    if (!c.AI_BASE_URL) ctx.addIssue({ code: 'custom', path: ['AI_BASE_URL'], message: 'is required when AI_PROVIDER=openai-compatible' });
    if (!c.AI_MODEL) ctx.addIssue({ code: 'custom', path: ['AI_MODEL'], message: 'is required when AI_PROVIDER=openai-compatible' });
  });

/** DEMO_PASSWORD is empty only when the demo account is not seeded (production without it); S3_FORCE_PATH_STYLE is decided. */
export type Config = z.infer<typeof schema> & { SEED_DEMO: boolean; DEMO_PASSWORD: string; S3_FORCE_PATH_STYLE: boolean };

export class ConfigError extends Error {}

/** Parses the environment once; a bad variable stops the start with a message naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => {
      const [name, ...within] = i.path.map(String);
      const where = within.length ? ` (at ${within.join('.')})` : '';
      // A password inside a URL (SMTP_URL, DATABASE_URL) is not repeated in the message.
      const shown = (env[name ?? ''] ?? '').replace(/\/\/([^:/@\s]*):[^@\s]*@/, '//$1:***@');
      return `  ${name ?? ''}=${JSON.stringify(shown)}${where}: ${i.message}`;
    });
    throw new ConfigError(`Invalid environment variable${lines.length > 1 ? 's' : ''}:\n${lines.join('\n')}`);
  }
  const c = result.data;
  // The demo account is for trying Charla: on by default in development only.
  const seedDemo = c.SEED_DEMO ?? c.NODE_ENV === 'development';
  const production = c.NODE_ENV === 'production';
  return {
    ...c,
    SEED_DEMO: seedDemo,
    DEMO_PASSWORD: c.DEMO_PASSWORD ?? (production ? '' : 'charla-demo-2026'),
    // Compatible stores mostly serve buckets by path; AWS S3 by host name.
    S3_FORCE_PATH_STYLE: c.S3_FORCE_PATH_STYLE ?? c.S3_URL !== undefined,
  };
}
