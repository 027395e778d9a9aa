/**
 * The error graphic (spec: 'Syntax error in text') with its plain-language hint, shown over the
 * last good drawing, which stays dimmed beneath it. It sits on the stage, not on the panned
 * canvas: whatever the pan and zoom, it is centred in the pane and never cut off at its edges.
 */
import { renameSvgMarkup } from './renameSvg';

export interface ErrorCard {
  show(svgMarkup: string, hint: string): void;
  hide(): void;
  readonly shown: boolean;
}

/** `text` with its `code` spans as code elements (built as nodes: the hint quotes user text). */
function hintNodes(text: string): Node[] {
  return text.split('`').map((part, index) => {
    if (index % 2 === 0) return document.createTextNode(part);
    const code = document.createElement('code');
    code.textContent = part;
    return code;
  });
}

export function installErrorCard(stage: HTMLElement): ErrorCard {
  const card = document.createElement('div');
  card.className = 'error-card';
  card.hidden = true;
  const graphic = document.createElement('div');
  graphic.className = 'error-card-graphic';
  const hint = document.createElement('p');
  hint.className = 'error-card-hint';
  card.append(graphic, hint);
  stage.append(card);
  let markup = '';
  return {
    show(svgMarkup, text) {
      if (svgMarkup !== markup) {
        markup = svgMarkup;
        const template = document.createElement('template');
        template.innerHTML = renameSvgMarkup(svgMarkup, 'lifeline-error');
        graphic.replaceChildren(template.content);
      }
      hint.replaceChildren(...hintNodes(text));
      card.hidden = false;
    },
    hide() {
      card.hidden = true;
    },
    get shown() {
      return !card.hidden;
    },
  };
}
