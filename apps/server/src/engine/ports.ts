/**
 * What the engine needs from the rest of the server, as interfaces: the engine imports nothing
 * outside engine/, and the modules hand it implementations (the knowledge search of
 * modules/training, the calendar of modules/appointments) through `EngineTools`.
 */

/** One passage of a bot's knowledge (a document's chunk or a catalog product) found for a question. */
export interface Passage {
  chunkId: number;
  documentId: string | null;
  productId: string | null;
  heading: string;
  text: string;
  /** 0..1: the share of the question's weight (rare words weigh more) this passage covers. */
  score: number;
  /** The query terms it matched. */
  matched: string[];
}

/** Searches a bot's knowledge in its language: the best `k` passages for a question. */
export type KnowledgeSearch = (botId: string, language: string, question: string, k?: number, also?: string) => Promise<Passage[]>;
