/**
 * Words the estate's reports and the catalogue's export both print: why an item went where it did,
 * and where its hand-over is (the closing reports and the export say them the same way).
 */
import type { HandoverViewStatus } from '@estate/domain/handover';

/** The reason an item went where it did, in plain words (as on "what I received and why"). */
export const REASON_TEXT: Record<string, string> = {
  directive: 'Written directive',
  return: 'Goes back to its owner',
  'only-interested': 'Only one interested',
  'high-interest': 'High-interest draw',
  tokens: 'Priority tokens',
  trustee: "Trustee's decision",
  unwanted: 'Nobody wanted it',
};
export const reasonText = (reason: string | null) => (reason ? (REASON_TEXT[reason] ?? reason) : '');

export const HANDOVER_TEXT: Record<HandoverViewStatus, string> = {
  assigned: 'Assigned',
  scheduled: 'Scheduled',
  'handed-over': 'Handed over',
  shipped: 'Shipped',
  received: 'Received',
  returned: 'Returned',
};
