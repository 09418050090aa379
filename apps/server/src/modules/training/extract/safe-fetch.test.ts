import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBlockedAddress } from './blocked-address.ts';
import { isExtractError } from './extract-error.ts';
import { safeFetch, type SafeFetchOptions } from './safe-fetch.ts';
import { startLocalServer, type LocalServer } from './test-support/local-server.ts';

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    if (isExtractError(error)) return error.code;
    throw error;
  }
  return 'OK';
}

let site: LocalServer;
let other: LocalServer;
let silent: Server;
let silentPort = 0;
let closedPort = 0;
const html = '<!doctype html><html><head><title>Hola</title></head><body><p>Precios y horarios</p></body></html>';

beforeAll(async () => {
  other = await startLocalServer((_req, res) => res.end('otro servidor'));
  site = await startLocalServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    if (path === '/page') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(html);
    } else if (path === '/host') {
      res.setHeader('content-type', 'text/plain');
      res.end(req.headers.host);
    } else if (path === '/text') {
      res.setHeader('content-type', 'text/plain; charset=utf-8');
      res.end('Horario: 9 a 18 h');
    } else if (path === '/pdf') {
      res.setHeader('content-type', 'application/pdf');
      res.end('%PDF-1.4\n%%EOF\n');
    } else if (path === '/octet-pdf') {
      res.setHeader('content-type', 'application/octet-stream');
      res.end('%PDF-1.4\n%%EOF\n');
    } else if (path === '/untyped') {
      res.end('<!DOCTYPE html><html><body>sin tipo</body></html>');
    } else if (path === '/image') {
      res.setHeader('content-type', 'image/png');
      res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    } else if (path === '/octet-binary') {
      res.setHeader('content-type', 'application/octet-stream');
      res.end(Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8]));
    } else if (path === '/gzip') {
      res.setHeader('content-type', 'text/html');
      res.setHeader('content-encoding', 'gzip');
      res.end(gzipSync(html));
    } else if (path === '/gzip-bomb') {
      res.setHeader('content-type', 'text/html');
      res.setHeader('content-encoding', 'gzip');
      res.end(gzipSync(Buffer.alloc(20_000_000, 0x20)));
    } else if (path === '/big-declared') {
      res.setHeader('content-type', 'text/html');
      res.setHeader('content-length', '50000');
      res.end('x'.repeat(50_000));
    } else if (path === '/big-chunked') {
      res.setHeader('content-type', 'text/html');
      for (let i = 0; i < 50; i++) res.write('x'.repeat(1000));
      res.end();
    } else if (path === '/endless-fast') {
      res.setHeader('content-type', 'text/html');
      const timer = setInterval(() => res.write('x'.repeat(64 * 1024)), 1);
      res.on('close', () => clearInterval(timer));
    } else if (path === '/endless-slow') {
      res.setHeader('content-type', 'text/html');
      const timer = setInterval(() => res.write('<p>un poco más</p>'), 20);
      res.on('close', () => clearInterval(timer));
    } else if (path === '/missing') {
      res.statusCode = 404;
      res.end('no');
    } else if (path.startsWith('/hop/')) {
      const left = Number(path.slice(5));
      res.statusCode = left % 2 ? 302 : 301;
      res.setHeader('location', left > 0 ? `/hop/${left - 1}` : '/page');
      res.end();
    } else if (path === '/redirect') {
      res.statusCode = 302;
      res.setHeader('location', url.searchParams.get('to') ?? '/');
      res.end();
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  silent = createServer(() => {
    // accepts the connection and never answers
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as AddressInfo).port;
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});

afterAll(async () => {
  await site.close();
  await other.close();
  silent.close();
});

const local = (extra: SafeFetchOptions = {}): SafeFetchOptions => ({ allowPrivateHosts: [`127.0.0.1:${site.port}`], ...extra });

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1', '127.255.255.254', '0.0.0.0', '0.1.2.3', '10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.255',
    '192.168.0.1', '169.254.169.254', '169.254.0.1', '100.64.0.1', '100.127.255.255', '224.0.0.1', '239.255.255.250',
    '240.0.0.1', '255.255.255.255', '198.18.0.1', '192.0.2.10', '::1', '::', '0:0:0:0:0:0:0:1', 'fc00::1', 'fd12:3456::1',
    'fe80::1', 'febf::1', 'ff02::1', 'ff05::1:3', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe', '64:ff9b::127.0.0.1', '64:ff9b::a00:1', '64:ff9b::169.254.169.254', '2002:7f00:1::1', '2002:a9fe:a9fe::',
    '::127.0.0.1', '[::1]', 'fe80::1%eth0', 'localhost', 'not an ip', '',
  ])('blocks %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1', '2606:4700:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])(
    'allows the public address %s',
    (address) => {
      expect(isBlockedAddress(address)).toBe(false);
    },
  );
});

describe('safeFetch refuses before connecting', () => {
  it.each([
    'http://127.0.0.1/', 'http://127.1/', 'http://2130706433/', 'http://0x7f.1/', 'http://0x7f000001/', 'http://017700000001/',
    'http://0177.0.0.1/', 'http://0/', 'http://0.0.0.0:80/', 'http://10.1.2.3/', 'http://172.16.5.4:8080/', 'http://192.168.1.1/admin',
    'http://169.254.169.254/latest/meta-data/', 'http://[fd00:ec2::254]/', 'http://100.64.0.1/', 'http://224.0.0.1/', 'http://240.0.0.1/',
    'http://255.255.255.255/', 'http://[::1]/', 'http://[::]/', 'http://[fc00::1]/', 'http://[fe80::1]/', 'http://[ff02::1]/',
    'http://[::ffff:127.0.0.1]/', 'http://[::ffff:a9fe:a9fe]/', 'http://[64:ff9b::127.0.0.1]/', 'http://[64:ff9b::a9fe:a9fe]/',
    'https://127.0.0.1/', 'http://user:pass@127.0.0.1/',
  ])('%s', async (url) => {
    expect(await codeOf(safeFetch(url))).toBe('URL_BLOCKED');
  });

  it('refuses schemes other than http and https, and text that is no URL', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/a', 'gopher://127.0.0.1:70/', 'data:text/html,hola', 'javascript:alert(1)']) {
      expect(await codeOf(safeFetch(url)), url).toBe('URL_BLOCKED');
    }
    expect(await codeOf(safeFetch('no es una url'))).toBe('URL_INVALID');
    // without a scheme, a host name means https
    const asked: string[] = [];
    const resolve = async (host: string) => {
      asked.push(host);
      return [{ address: '10.0.0.1', family: 4 }];
    };
    expect(await codeOf(safeFetch('tienda.example/precios', { resolve }))).toBe('URL_BLOCKED');
    expect(asked).toEqual(['tienda.example']);
    expect(await codeOf(safeFetch('http://'))).toBe('URL_INVALID');
  });

  it('refuses a host name that resolves to loopback (localhost)', async () => {
    expect(await codeOf(safeFetch(`http://localhost:${site.port}/text?via=localhost`))).toBe('URL_BLOCKED');
    expect(site.hits).not.toContain('/text?via=localhost');
  });

  it('refuses a host name when any one of its addresses is private', async () => {
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    expect(await codeOf(safeFetch('http://tienda.example/', { resolve }))).toBe('URL_BLOCKED');
    const mapped = async () => [{ address: '::ffff:169.254.169.254', family: 6 }];
    expect(await codeOf(safeFetch('http://metadata.example/', { resolve: mapped }))).toBe('URL_BLOCKED');
  });

  it('says URL_UNREACHABLE for a host that does not resolve', async () => {
    const resolve = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await codeOf(safeFetch('http://no-existe.example/', { resolve }))).toBe('URL_UNREACHABLE');
  });
});

describe('safeFetch on a loopback test server', () => {
  it('fetches a page when private addresses are allowed (TRAINING_ALLOW_PRIVATE_URLS)', async () => {
    const result = await safeFetch(`${site.origin}/page#section`, { allowPrivate: true });
    expect(result).toEqual({ finalUrl: `${site.origin}/page`, contentType: 'text/html; charset=utf-8', kind: 'html', body: Buffer.from(html) });
    expect((await safeFetch(`http://localhost:${site.port}/text`, { allowPrivate: true })).body.toString()).toBe('Horario: 9 a 18 h');
  });

  it('allows private addresses only for the listed host and port', async () => {
    expect((await safeFetch(`${site.origin}/text`, local())).kind).toBe('text');
    expect(await codeOf(safeFetch(`${other.origin}/`, local()))).toBe('URL_BLOCKED');
    expect(await codeOf(safeFetch(`http://localhost:${site.port}/text`, local()))).toBe('URL_BLOCKED');
    expect(other.hits).toHaveLength(0);
  });

  it('connects to the address it checked, once per hop, with the original Host header', async () => {
    const answers = ['127.0.0.1', '127.0.0.2'];
    let calls = 0;
    const resolve = async () => [{ address: answers[Math.min(calls++, 1)] ?? '', family: 4 }];
    const result = await safeFetch(`http://tienda.test:${site.port}/host`, { resolve, allowPrivateHosts: [`tienda.test:${site.port}`] });
    expect(result.body.toString()).toBe(`tienda.test:${site.port}`);
    expect(calls).toBe(1);
  });

  it('follows redirects up to the limit, then refuses', async () => {
    const three = await safeFetch(`${site.origin}/hop/2`, local());
    expect(three.finalUrl).toBe(`${site.origin}/page`);
    expect(three.body.toString()).toBe(html);
    expect(await codeOf(safeFetch(`${site.origin}/hop/3`, local()))).toBe('URL_TOO_MANY_REDIRECTS');
    expect(await codeOf(safeFetch(`${site.origin}/hop/1`, local({ maxRedirects: 1 })))).toBe('URL_TOO_MANY_REDIRECTS');
    expect(await codeOf(safeFetch(`${site.origin}/hop/0`, local({ maxRedirects: 1 })))).toBe('OK');
  });

  it('checks every redirect target again', async () => {
    const to = (target: string) => `${site.origin}/redirect?to=${encodeURIComponent(target)}`;
    expect(await codeOf(safeFetch(to('http://169.254.169.254/latest/meta-data/'), local()))).toBe('URL_BLOCKED');
    expect(await codeOf(safeFetch(to(`${other.origin}/`), local()))).toBe('URL_BLOCKED');
    expect(await codeOf(safeFetch(to(`http://localhost:${other.port}/`), local()))).toBe('URL_BLOCKED');
    expect(await codeOf(safeFetch(to('http://[::1]/'), local()))).toBe('URL_BLOCKED');
    expect(await codeOf(safeFetch(to('http://2130706433/'), local()))).toBe('URL_BLOCKED');
    expect(await codeOf(safeFetch(to('file:///etc/passwd'), local()))).toBe('URL_BLOCKED');
    expect(other.hits).toHaveLength(0);
    // a redirect chain that stays on the allowed server is fine
    expect((await safeFetch(to('/redirect?to=%2Ftext'), local())).body.toString()).toBe('Horario: 9 a 18 h');
  });

  it('times out on a page that never ends and on a server that never answers', async () => {
    let started = performance.now();
    expect(await codeOf(safeFetch(`${site.origin}/endless-slow`, local({ timeoutMs: 300 })))).toBe('URL_TIMEOUT');
    expect(performance.now() - started).toBeLessThan(2000);
    started = performance.now();
    expect(await codeOf(safeFetch(`http://127.0.0.1:${silentPort}/`, { allowPrivate: true, timeoutMs: 300 }))).toBe('URL_TIMEOUT');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('stops at the byte cap, declared or counted, compressed or not', async () => {
    const small = local({ maxBytes: 10_000 });
    expect(await codeOf(safeFetch(`${site.origin}/big-declared`, small))).toBe('URL_TOO_LARGE');
    expect(await codeOf(safeFetch(`${site.origin}/big-chunked`, small))).toBe('URL_TOO_LARGE');
    expect(await codeOf(safeFetch(`${site.origin}/gzip-bomb`, local({ maxBytes: 1_000_000 })))).toBe('URL_TOO_LARGE');
    const started = performance.now();
    expect(await codeOf(safeFetch(`${site.origin}/endless-fast`, local({ maxBytes: 1_000_000, timeoutMs: 5000 })))).toBe('URL_TOO_LARGE');
    expect(performance.now() - started).toBeLessThan(2000);
    const error = await safeFetch(`${site.origin}/big-chunked`, small).catch((e: unknown) => e);
    expect(isExtractError(error) && error.reason.es).toContain('demasiado grande');
  });

  it('decompresses gzip', async () => {
    expect((await safeFetch(`${site.origin}/gzip`, local())).body.toString()).toBe(html);
  });

  it('accepts only HTML, text and PDF, as asked', async () => {
    expect(await codeOf(safeFetch(`${site.origin}/image`, local()))).toBe('URL_BAD_TYPE');
    expect(await codeOf(safeFetch(`${site.origin}/octet-binary`, local()))).toBe('URL_BAD_TYPE');
    expect(await codeOf(safeFetch(`${site.origin}/pdf`, local({ accept: ['html', 'text'] })))).toBe('URL_BAD_TYPE');
    expect((await safeFetch(`${site.origin}/pdf`, local({ accept: ['pdf'] }))).kind).toBe('pdf');
    const sniffed = await safeFetch(`${site.origin}/octet-pdf`, local());
    expect([sniffed.kind, sniffed.contentType]).toEqual(['pdf', 'application/pdf']);
    expect((await safeFetch(`${site.origin}/untyped`, local())).kind).toBe('html');
    const error = await safeFetch(`${site.origin}/image`, local()).catch((e: unknown) => e);
    expect(isExtractError(error) && error.reason.en).toContain('image/png');
  });

  it('reads an image (a product picture) only when asked for one', async () => {
    const image = await safeFetch(`${site.origin}/image`, local({ accept: ['image'] }));
    expect([image.kind, image.contentType, image.body]).toEqual(['image', 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47])]);
    expect(await codeOf(safeFetch(`${site.origin}/pdf`, local({ accept: ['image'] })))).toBe('URL_BAD_TYPE');
    expect(await codeOf(safeFetch(`${site.origin}/octet-binary`, local({ accept: ['image'] })))).toBe('URL_BAD_TYPE');
  });

  it('reports HTTP errors and refused connections as unreachable', async () => {
    const error = await safeFetch(`${site.origin}/missing`, local()).catch((e: unknown) => e);
    expect(isExtractError(error, 'URL_UNREACHABLE') && error.details.status).toBe(404);
    expect(await codeOf(safeFetch(`http://127.0.0.1:${closedPort}/`, { allowPrivate: true }))).toBe('URL_UNREACHABLE');
  });
});
