// A screen's code that does not arrive (spec §8, §9): a dynamic import that fails, or that has
// not settled within CHUNK_LOAD_TIMEOUT_MS, is reported as a chunk load error. The import goes
// on either way: a late chunk still renders, and a failed one still reaches the screen's error
// boundary (its 다시 시도).
import { reportError } from './error-reporting';

/** spec §9: the chunk load timeout. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** `load`, reporting its failure or its taking longer than CHUNK_LOAD_TIMEOUT_MS. */
export function watchChunkLoad<T>(load: () => Promise<T>): () => Promise<T> {
  return () => {
    const timer = setTimeout(
      () => reportError('chunk_load', new ChunkLoadError(`not loaded within ${CHUNK_LOAD_TIMEOUT_MS} ms`)),
      CHUNK_LOAD_TIMEOUT_MS,
    );
    return load().then(
      (module) => {
        clearTimeout(timer);
        return module;
      },
      (error: unknown) => {
        clearTimeout(timer);
        reportError('chunk_load', error);
        throw error;
      },
    );
  };
}
