/** Live co-editing wording. */
export const LIVE_COPY = {
  presenceLabel: 'People on this diagram',
  viewing: 'viewing',
  editing: 'editing',
} as const;

export const LIVE_TESTIDS = {
  presence: 'presence',
  participant: 'presence-participant',
} as const;
