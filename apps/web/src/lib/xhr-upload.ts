/** Upload progress: bytes sent and the total, when the browser knows it. */
export type ProgressHandler = (sent: number, total: number) => void;

/** Just what we use of XMLHttpRequest, so tests can hand in a fake. */
export interface XhrLike {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: FormData): void;
  abort(): void;
  getAllResponseHeaders(): string;
  withCredentials: boolean;
  readonly status: number;
  readonly responseText: string;
  readonly upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
  ontimeout: (() => void) | null;
}

export const browserXhr = (): XhrLike => new XMLHttpRequest() as unknown as XhrLike;

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

const nullBodyStatus = new Set([101, 204, 205, 304]);

/**
 * Sends a multipart form the way `fetch` would (same init, a Response back), but with
 * XMLHttpRequest: fetch cannot report upload progress.
 */
export function xhrUpload(url: string, init: RequestInit, form: FormData, onProgress: ProgressHandler | undefined, createXhr: () => XhrLike): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const xhr = createXhr();
    xhr.open(init.method ?? 'POST', url);
    xhr.withCredentials = init.credentials === 'include';
    // The browser sets the multipart Content-Type with its boundary.
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) {
      if (name.toLowerCase() !== 'content-type') xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.onload = () => {
      const body = nullBodyStatus.has(xhr.status) ? null : xhr.responseText;
      resolve(new Response(body, { status: xhr.status, headers: parseHeaders(xhr.getAllResponseHeaders()) }));
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.ontimeout = () => reject(new TypeError('Network request timed out'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    const signal = init.signal;
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
