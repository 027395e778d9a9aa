/**
 * One line for the status bar from a mermaid error. Parse errors span several lines
 * ("Parse error on line 2:", the line, a caret, "Expecting …, got …"): keep the first and last.
 */
export function errorSummary(message: string | null): string {
  const lines = (message ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const first = lines[0] ?? '';
  const last = lines.at(-1) ?? '';
  if (lines.length < 2 || !/^Parse error/i.test(first)) return first;
  return `${first} ${last}`;
}
