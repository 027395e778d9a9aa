import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatsOn } from '@shared/output-formats';
import { ApiDocs } from './ApiDocs';

describe('the API docs in the token dialog', () => {
  it('name every format convert answers, read from the one table', () => {
    const html = renderToStaticMarkup(<ApiDocs origin="https://lifeline.example" token="ll_x" />);
    for (const format of formatsOn('convert')) expect(html).toContain(`&#x27;${format}&#x27;`);
  });
});
