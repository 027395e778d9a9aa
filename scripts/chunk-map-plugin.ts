import type { Plugin } from 'vite';

/**
 * Writes `.vite/chunks.json`: each chunk with its static/dynamic imports and the modules whose code
 * it holds (a module tree-shaken to nothing, e.g. behind a false build-mode guard, is left out).
 */
export function chunkMapPlugin(): Plugin {
  return {
    name: 'lifeline-chunk-map',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle)
        .filter((item) => item.type === 'chunk')
        .map((chunk) => ({
          fileName: chunk.fileName,
          name: chunk.name,
          isEntry: chunk.isEntry,
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
          modules: Object.entries(chunk.modules)
            .filter(([, module]) => module.renderedLength > 0)
            .map(([id]) => id),
        }));
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunks.json',
        source: JSON.stringify(chunks, null, 1),
      });
    },
  };
}
