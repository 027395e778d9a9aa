// Loaded into a server under test by `npm run bench:live` only (node --expose-gc --import): on
// "memory" over IPC it collects garbage and answers the heap in use and the resident size, in MB.
process.on('message', (message) => {
  if (message !== 'memory') return;
  globalThis.gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  process.send?.({ heapMb: heapUsed / 2 ** 20, rssMb: rss / 2 ** 20 });
});
