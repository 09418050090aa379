/** The training module as other modules and the channels see it: the passages products index, the search's text and configuration, and the safe fetch and CSV reading the channels and the CRM share. */
export type { ExtractedCsv } from './extract/extract-csv.ts';
export { ExtractError } from './extract/extract-error.ts';
export { safeFetch } from './extract/safe-fetch.ts';
export { tsConfigOf } from './retrieval.ts';
export { searchText } from './search-text.ts';
export { changingPassages, indexProducts } from './training.repository.ts';
export type { ChunkInput, TsConfig } from './training.repository.ts';
