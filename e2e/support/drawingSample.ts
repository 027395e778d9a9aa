/** The diagram the edit-by-drawing specs act on: a comment, two participants, a message, a loop. */
export const DRAWING_SAMPLE = [
  'sequenceDiagram',
  '    %% the card is charged once',
  '    participant Web',
  '    participant Api',
  '    Web->>Api: charge',
  '    loop every minute',
  '        Api-->>Web: status',
  '    end',
].join('\n');
