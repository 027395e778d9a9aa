/** The parts of a drawn sequence diagram, found the same way by the preview and the diff marks. */

/** A message drawn over several lines is a run of <text class="messageText"> siblings. */
export function messageGroups(svg: Element): Element[][] {
  const groups: Element[][] = [];
  for (const text of svg.querySelectorAll('text.messageText')) {
    const previous = text.previousElementSibling;
    const last = groups.at(-1);
    if (last && previous === last.at(-1)) last.push(text);
    else groups.push([text]);
  }
  return groups;
}

/** Each message's arrow, in drawing order (the same order as messageGroups). */
export const messageLines = (svg: Element): Element[] => [
  ...svg.querySelectorAll('.messageLine0, .messageLine1'),
];
