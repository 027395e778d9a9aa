import { liveServerMessage, type LiveClientMessage, type LiveServerMessage } from '@shared/live';

/** The server's stateless message, or null for anything that is not one (ignored). */
export function parseLiveMessage(payload: string): LiveServerMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  const parsed = liveServerMessage.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const save: LiveClientMessage = { type: 'save' };
export const SAVE_MESSAGE = JSON.stringify(save);
