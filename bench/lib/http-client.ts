import http from 'node:http';

export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A keep-alive HTTP/1.1 client over one connection: requests go one after another, as a browser tab's would. */
export function keepAliveClient() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  function request(method: string, url: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<HttpResponse> {
    return new Promise((resolve, reject) => {
      const req = http.request(url, { method, agent, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (chunk: Buffer) => parts.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  return {
    request,
    /**
     * Sends `count` GETs one after another (after `warmup` unmeasured ones) and answers each
     * one's milliseconds from sending to the last byte of the body, with the last body's text.
     * Throws on a non-200.
     */
    async latencies(url: string, headers: Record<string, string>, count: number, warmup = Math.ceil(count / 10)): Promise<{ ms: number[]; bytes: number; last: string }> {
      const ms: number[] = [];
      let bytes = 0;
      let last = '';
      for (let i = 0; i < warmup + count; i++) {
        const started = performance.now();
        const res = await request('GET', url, headers);
        const elapsed = performance.now() - started;
        if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${res.body.toString().slice(0, 300)}`);
        if (i >= warmup) ms.push(elapsed);
        bytes = res.body.length;
        if (i === warmup + count - 1) last = res.body.toString();
      }
      return { ms, bytes, last };
    },
    close: () => agent.destroy(),
  };
}
