import type { FastifyBaseLogger } from 'fastify';
import type { ServerToClientEvents } from '@charla/shared';
import type { ChannelMessages, ReceiveInbound } from '../../modules/conversations/ports.ts';
import type { DatabaseAuthState, UseDatabaseAuthState } from './auth-state.ts';
import type { Lease } from './lease.ts';
import { baileysSocket, type CreateSocket, type WaSocket } from './wa-socket.ts';
import type { WhatsappWebRepository } from './whatsapp-web.repository.ts';

type Emit = <E extends keyof ServerToClientEvents>(room: string, event: E, ...args: Parameters<ServerToClientEvents[E]>) => void;

export interface ManagerOptions {
  qrMax: number;
  /** A pairing that has drawn no QR code after this long tells the owner WhatsApp cannot be reached. */
  unreachableMs: number;
  minDelayMs: number;
  jitterMs: number;
  reconnectMs: number;
  leaseMs: number;
  /** False on API-only processes: they answer routes and leave the sockets to the workers. */
  runsSessions: boolean;
  /** Tries of the send job (its first run and its retries): the last one marks the message failed. */
  sendAttempts: number;
  /** Messages older than this (delivered late, e.g. after a long disconnection) are stored but not answered. */
  replayMaxAgeMs: number;
}

export interface ManagerDeps {
  repo: WhatsappWebRepository;
  useAuthState: UseDatabaseAuthState;
  lease: Lease;
  receive: ReceiveInbound;
  /** The conversations module's reads and writes of this channel's messages and contacts. */
  messages: ChannelMessages;
  emit: Emit;
  log: FastifyBaseLogger;
  options: ManagerOptions;
  createSocket?: CreateSocket;
  /**
   * Downloads a reply's picture (WhatsApp by QR uploads the bytes itself). It must refuse the
   * server's own network: the link is the business's, not ours.
   */
  fetchImage?: (url: string) => Promise<Buffer>;
}

/** One session this process runs. */
export interface Running {
  botId: string;
  auth: DatabaseAuthState;
  sock?: WaSocket;
  /** Bumped for every new socket: events of an older socket are ignored. */
  generation: number;
  open: boolean;
  stopped: boolean;
  attempt: number;
  timer?: NodeJS.Timeout;
  /** Connection events, one after another. */
  events: Promise<void>;
  /** Incoming messages, one after another. */
  inbound: Promise<void>;
  /** Outgoing messages, one after another and spaced out. */
  sends: Promise<unknown>;
  nextSendAt: number;
  /** Pairing only: a QR code was drawn or the connection opened since the session started here. */
  reached: boolean;
  /** Ends a pairing that never reached WhatsApp. */
  watchdog?: NodeJS.Timeout;
}

/** What the parts of the session manager share: its dependencies and the sessions this process runs. */
export function sessionState(deps: ManagerDeps) {
  return {
    deps,
    running: new Map<string, Running>(),
    claiming: new Set<string>(),
    /** WhatsApp's ids of the messages this process sent, by message id: a second send of one sends nothing. */
    sent: new Map<string, string>(),
    closed: false,
    createSocket: deps.createSocket ?? baileysSocket,
    fetchImage: deps.fetchImage,
  };
}

export type SessionState = ReturnType<typeof sessionState>;
