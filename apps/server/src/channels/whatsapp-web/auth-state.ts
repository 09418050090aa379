import type { AuthenticationCreds, AuthenticationState, SignalDataTypeMap, SignalKeyStore } from '@whiskeysockets/baileys';
import type { SecretBox } from '../../lib/crypto.ts';
import { loadBaileys } from './baileys.ts';
import type { WhatsappWebRepository } from './whatsapp-web.repository.ts';

export interface DatabaseAuthState {
  /** What Baileys reads and writes: the credentials, and a key store over our table. */
  state: AuthenticationState;
  /** Stores the credentials as they are now (Baileys changes them in place, then says creds.update). */
  saveCreds(): Promise<void>;
  /** Forgets the credentials and keys of the session. */
  clear(): Promise<void>;
}

/**
 * Baileys' authentication state kept in PostgreSQL, never in files: the credentials in the
 * session row and each Signal key in its own row, all as BufferJSON text sealed with AES-256-GCM.
 */
export function databaseAuthState(repo: WhatsappWebRepository, box: SecretBox) {
  return async function useDatabaseAuthState(botId: string): Promise<DatabaseAuthState> {
    const { BufferJSON, initAuthCreds, proto } = await loadBaileys();
    const seal = (value: unknown) => box.seal(JSON.stringify(value, BufferJSON.replacer));
    const open = (sealed: string): unknown => JSON.parse(box.open(sealed), BufferJSON.reviver);

    const stored = await repo.readCreds(botId);
    const creds = stored ? (open(stored) as AuthenticationCreds) : initAuthCreds();

    const keys: SignalKeyStore = {
      async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
        const found: { [id: string]: SignalDataTypeMap[T] } = {};
        for (const row of await repo.readKeys(botId, type, ids)) {
          let value = open(row.value);
          if (type === 'app-state-sync-key' && value) value = proto.Message.AppStateSyncKeyData.fromObject(value as object);
          found[row.id] = value as SignalDataTypeMap[T];
        }
        return found;
      },
      async set(data) {
        const changes: { type: string; id: string; value: string | null }[] = [];
        for (const [type, entries] of Object.entries(data)) {
          for (const [id, value] of Object.entries(entries ?? {})) changes.push({ type, id, value: value ? seal(value) : null });
        }
        await repo.writeKeys(botId, changes);
      },
      clear: () => repo.clearAuth(botId),
    };

    // Writes of the credentials go out one after another, so the last one written is the newest.
    let writes: Promise<void> = Promise.resolve();
    return {
      state: { creds, keys },
      saveCreds() {
        const sealed = seal(creds);
        writes = writes.catch(() => undefined).then(() => repo.writeCreds(botId, sealed));
        return writes;
      },
      async clear() {
        await writes.catch(() => undefined);
        await repo.clearAuth(botId);
      },
    };
  };
}

export type UseDatabaseAuthState = ReturnType<typeof databaseAuthState>;
