import type { Plugin } from 'vite';

/** V8's explicit compile hint: compile every function of the file as the file loads. */
export const COMPILE_ALL_HINT = '//# allFunctionsCalledOnLoad';

/** The module whose chunk is the editor's: CodeMirror's view, with the input path typing runs. */
const EDITOR_MODULE = '/node_modules/@codemirror/view/';

/**
 * Marks the editor's chunk with V8's compile hint (v8.dev/blog/explicit-compile-hints), so
 * Chromium compiles its functions while the script streams in, off the main thread, instead of
 * one by one on first use. Without it the first keys typed into a long diagram compiled
 * CodeMirror's input path, completion and lint lazily and took 50–220 ms to paint, against about
 * 27 ms once warm (bench:typing). Other browsers ignore the comment.
 */
export function compileHintsPlugin(): Plugin {
  return {
    name: 'lifeline-compile-hints',
    apply: 'build',
    // After minification, which would drop the comment.
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        if (!chunk.moduleIds.some((id) => id.includes(EDITOR_MODULE))) continue;
        chunk.code = `${COMPILE_ALL_HINT}\n${chunk.code}`;
        // A source map (the benchmark build's) moves down the one line added above it.
        if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        const map = bundle[`${chunk.fileName}.map`];
        if (map?.type === 'asset' && typeof map.source === 'string') {
          const parsed = JSON.parse(map.source) as { mappings: string };
          if (parsed.mappings !== chunk.map?.mappings) {
            parsed.mappings = `;${parsed.mappings}`;
            map.source = JSON.stringify(parsed);
          }
        }
      }
    },
  };
}
