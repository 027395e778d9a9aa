import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { diagramDescription } from '@shared/describe-diagram';
import { VersionName } from './VersionName';

const text = (lines: string[]) => ['sequenceDiagram', ...lines, '  A->>B: hi'].join('\n');
const shown = (content: string | null, title: string | null) =>
  renderToStaticMarkup(<VersionName content={content} title={title} />).replace(/<[^>]*>/g, '');

describe("History's version name", () => {
  it("is the name its drawing's region has: accTitle, else the title line, else the saved title", () => {
    for (const [content, name] of [
      [text(['  title Orders', '  accTitle: Checkout']), 'Checkout'],
      [text(['  title Orders']), 'Orders'],
      [text([]), 'Saved'],
    ] as const) {
      expect(shown(content, 'Saved')).toBe(name);
      expect(diagramDescription(content, 'Saved').heading).toBe(`Sequence diagram: ${name}`);
    }
  });

  it('is the saved title while the text loads', () => {
    expect(shown(null, 'Saved')).toBe('Saved');
  });
});
