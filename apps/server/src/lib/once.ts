/** Made on first use, then reused (a statement read on every turn or send is put together once). */
export function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
