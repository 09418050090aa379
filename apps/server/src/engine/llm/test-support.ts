import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Passage } from '../ports.ts';
import { localParts } from '@charla/shared/dates';
import type { ContactAppointment, Engine, EngineBot, EngineContext, EngineResult, EngineTools } from '../types.ts';

/** One chat-completions request as the fake provider received it. */
export interface ChatRequest {
  model: string;
  messages: { role: string; content?: unknown; tool_calls?: { id: string; function: { name: string; arguments: string } }[]; tool_call_id?: string }[];
  tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[];
  [key: string]: unknown;
}

/** What the fake provider does with one request. */
export type ChatReply =
  | { kind: 'json'; status?: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'raw'; status?: number; body: string; headers?: Record<string, string> }
  | { kind: 'hang' };

export type ChatScript = (request: ChatRequest, index: number) => ChatReply;

const usage = { prompt_tokens: 120, completion_tokens: 20, total_tokens: 140 };
let ids = 0;

/** A final assistant message. */
export const answer = (content: string): ChatReply => ({
  kind: 'json',
  body: {
    id: `chatcmpl-${++ids}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'test-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage,
  },
});

/** An assistant message that calls tools (several at once when given several). */
export const callTools = (...calls: { name: string; args: Record<string, unknown> }[]): ChatReply => ({
  kind: 'json',
  body: {
    id: `chatcmpl-${++ids}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'test-model',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: null,
          tool_calls: calls.map((c) => ({ id: `call_${++ids}`, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.args) } })),
        },
        finish_reason: 'tool_calls',
      },
    ],
    usage,
  },
});

/** Replies in order, one per request; past the end the last one repeats. */
export const inOrder =
  (...replies: ChatReply[]): ChatScript =>
  (_request, index) =>
    replies[Math.min(index, replies.length - 1)]!;

/**
 * A local HTTP server speaking the OpenAI chat-completions protocol (non-streaming), answering
 * as the test scripts it and keeping every request it received.
 */
export async function fakeChatServer(script: ChatScript) {
  const requests: ChatRequest[] = [];
  const headers: IncomingMessage['headers'][] = [];
  let current = script;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
      requests.push(request);
      headers.push(req.headers);
      const reply = current(request, requests.length - 1);
      if (reply.kind === 'hang') return;
      const body = reply.kind === 'json' ? JSON.stringify(reply.body) : reply.body;
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    headers,
    script(next: ChatScript) {
      current = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeChatServer = Awaited<ReturnType<typeof fakeChatServer>>;

/** The tool messages a request carried back to the model, parsed, by tool call id order. */
export function toolResults(request: ChatRequest): unknown[] {
  return request.messages
    .filter((m) => m.role === 'tool')
    .map((m) => (typeof m.content === 'string' ? (JSON.parse(m.content) as unknown) : m.content));
}

export const testBot = (overrides: Partial<EngineBot> = {}): EngineBot => ({
  id: 'bot-1',
  botName: 'Sofía',
  businessName: 'Clínica Dental Sonrisa',
  businessDesc: 'Consultorio dental familiar en Guadalajara.',
  template: 'doctor_appointment',
  purpose: 'appointments',
  tone: 'Formal',
  personality: 'Amigable',
  identity: 'Inteligencia Artificial',
  responseLength: 'normal',
  language: 'es',
  timezone: 'America/Mexico_City',
  redirectionEnabled: true,
  redirectionPhone: '',
  appointmentMinutes: 30,
  ...overrides,
});

const passage = (chunkId: number, heading: string, text: string, productId: string | null = null): Passage => ({
  chunkId,
  documentId: productId ? null : 'doc-1',
  productId,
  heading,
  text,
  score: 0,
  matched: [],
});

export const testPassages: Passage[] = [
  passage(1, 'Limpieza dental', 'La limpieza dental cuesta $600 MXN e incluye revisión.', 'prod-1'),
  passage(2, 'Horario', 'Atendemos de lunes a viernes de 9:00 a 18:00 y sábados de 9:00 a 14:00.'),
  passage(3, 'Ubicación', 'Estamos en Av. Chapultepec 123, Guadalajara.'),
  passage(4, 'Blanqueamiento', 'El blanqueamiento dental cuesta $2,500 MXN.', 'prod-2'),
];

const words = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 3);

export interface MemoryToolsOptions {
  now: Date;
  timeZone?: string;
  passages?: Passage[];
  /** Opening hours by weekday (0 = Sunday): [open, close] local hours. */
  hours?: Record<number, [number, number]>;
  /** Starts already taken. */
  taken?: Date[];
  appointmentMinutes?: number;
  appointments?: ContactAppointment[];
  /** Pictures of catalog products, by product id. */
  images?: Record<string, string>;
}

/** EngineTools over memory: word-overlap search and a weekly schedule with 30-minute starts. */
export function memoryTools(options: MemoryToolsOptions): EngineTools & { searches: string[] } {
  const { now, timeZone = 'America/Mexico_City', passages = testPassages, taken = [], appointmentMinutes = 30, appointments = [] } = options;
  const hours = options.hours ?? { 1: [9, 18], 2: [9, 18], 3: [9, 18], 4: [9, 18], 5: [9, 18], 6: [9, 14] };
  const searches: string[] = [];
  const length = appointmentMinutes * 60_000;

  const isFree = async (start: Date) => {
    if (start < now) return 'past' as const;
    const local = localParts(start, timeZone);
    const open = hours[local.weekday];
    const minutes = local.hour * 60 + local.minute;
    if (!open || minutes < open[0] * 60 || minutes + appointmentMinutes > open[1] * 60) return 'closed' as const;
    const overlaps = taken.some((t) => t.getTime() < start.getTime() + length && start.getTime() < t.getTime() + length);
    return overlaps ? ('taken' as const) : ('free' as const);
  };

  return {
    searches,
    async search(question, k = 5, also) {
      const searched = also ? `${question} ${also}` : question;
      searches.push(searched);
      const asked = new Set(words(searched));
      return passages
        .map((p) => {
          const matched = [...new Set(words(`${p.heading} ${p.text}`))].filter((w) => asked.has(w));
          return { ...p, matched, score: asked.size ? matched.length / asked.size : 0 };
        })
        .filter((p) => p.matched.length > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, k);
    },
    isFree,
    async nextFree(from) {
      const step = 30 * 60_000;
      let t = Math.ceil(from.getTime() / step) * step;
      for (const end = from.getTime() + 14 * 86_400_000; t <= end; t += step) {
        if ((await isFree(new Date(t))) === 'free') return new Date(t);
      }
      return undefined;
    },
    async upcomingAppointments() {
      return appointments.filter((a) => a.start > now);
    },
    async productImage(productId) {
      return options.images?.[productId];
    },
  };
}

export function testContext(overrides: Partial<EngineContext> & { now: Date }): EngineContext {
  const bot = overrides.bot ?? testBot();
  return {
    bot,
    contact: { name: '', email: '', phone: '+5213312345678' },
    history: [],
    incoming: ['Hola'],
    state: {},
    tools: memoryTools({ now: overrides.now, timeZone: bot.timezone, appointmentMinutes: bot.appointmentMinutes }),
    ...overrides,
  };
}

/** A fallback engine that answers with fixed words and remembers that it was asked. */
export function stubEngine(reply = 'Respuesta del motor de respaldo') {
  const calls: EngineContext[] = [];
  const engine: Engine & { calls: EngineContext[] } = {
    name: 'stub',
    calls,
    async respond(context): Promise<EngineResult> {
      calls.push(context);
      return { replies: [reply], actions: [], sources: [], handoff: false, state: { stub: true } };
    },
    bookingConflict(_context, alternative) {
      return { replies: [alternative ? `Ese horario se ocupó; ¿le parece ${alternative.toISOString()}?` : 'Ese horario se ocupó.'], state: { stub: 'conflict' } };
    },
  };
  return engine;
}

/** A logger that keeps what it was told. */
export function memoryLog() {
  const entries: { details: Record<string, unknown>; message: string }[] = [];
  return {
    entries,
    warn(details: object, message: string) {
      entries.push({ details: details as Record<string, unknown>, message });
    },
  };
}
