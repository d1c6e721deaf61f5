/**
 * Consent and the document vault: the pure rules. The Terms of Use and the Estate Agreement are
 * versioned documents of an estate; a member who gives input (approvals, hearts, rankings, tokens)
 * must have accepted the current version of both first. The vault's access levels say who may see a
 * document.
 */
import { Role } from './roles.js';
import { Stage, type StageCode } from './stages.js';

export const AGREEMENT_KINDS = ['terms', 'agreement'] as const;
export type AgreementKind = (typeof AGREEMENT_KINDS)[number];

/**
 * The current Terms of Use: the same in every estate, the `version` of `content/terms.*.json` (a
 * test keeps the two equal). A new version asks every member to accept again. Version 2 (issue 31)
 * says truthfully what an administrator can do: a read-only support visit, shown in the Activity.
 */
export const TERMS_VERSION = 2;

/** The Agreement's standard text (`content/agreement.*.json`) is version 1 in every estate. */
export const FIRST_AGREEMENT_VERSION = 1;

/** The trustee may publish a new Agreement only before the review begins (stage 2). */
export const AGREEMENT_EDIT_STAGES: readonly StageCode[] = [Stage.Initial, Stage.Cataloging];

/** The Agreement's parts that carry the trustee's words for this estate (each part may, below its standard text). */
export const AGREEMENT_PART_IDS = ['rules', 'directives', 'deadlines', 'disputes'] as const;
export type AgreementPartId = (typeof AGREEMENT_PART_IDS)[number];

/** The trustee's words under one part: plain text, at most this long. */
export const AGREEMENT_NOTE_MAX = 2000;

/** The inputs that need the current Terms and Agreement accepted (the rest of the portal does not). */
export const CONSENT_GATED_ACTIONS = ['approval.set', 'interest.set', 'ranking.set', 'tokens.set'] as const;

/** Whether a member's accepted versions cover the current ones. */
export function hasAcceptedCurrent(
  accepted: { terms: number | null; agreement: number | null },
  current: { terms: number; agreement: number },
): boolean {
  return accepted.terms === current.terms && accepted.agreement === current.agreement;
}

/** Members who take part by giving input: the ones the to-do list asks to accept. */
export function givesInput(roles: readonly number[]): boolean {
  return roles.includes(Role.Beneficiary) || roles.includes(Role.Offspring);
}

// ---- The document vault ----

export const ACCESS_LEVELS = ['trustees', 'beneficiaries', 'everyone'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/**
 * The levels a member may see. "trustees" is the people who run and check the process: trustees,
 * estate owners and observers (the family's lawyer or mediator), as for inputs; the installation's
 * administrator on a support visit sees what every member sees.
 * "beneficiaries" adds the beneficiaries; "everyone" is every member.
 */
export function visibleLevels(roles: readonly number[]): AccessLevel[] {
  const runs = [Role.Trustee, Role.Owner, Role.Observer].some((r) => roles.includes(r));
  if (runs) return ['trustees', 'beneficiaries', 'everyone'];
  if (roles.includes(Role.Beneficiary)) return ['beneficiaries', 'everyone'];
  return ['everyone'];
}

export function canSeeLevel(roles: readonly number[], level: AccessLevel): boolean {
  return visibleLevels(roles).includes(level);
}

export type DocumentKind = 'pdf' | 'image' | 'office';

/**
 * The files the vault takes, by the type read from their bytes (never by name or by what the
 * browser claims): PDF, photos and scans a browser can show, and office documents. Each with the
 * extension it is saved under and the type it is served as. Nothing a browser would run (HTML,
 * SVG, scripts) is on the list.
 */
export const DOCUMENT_TYPES: Readonly<Record<string, { kind: DocumentKind; extension: string; contentType: string }>> = {
  'application/pdf': { kind: 'pdf', extension: 'pdf', contentType: 'application/pdf' },
  'image/jpeg': { kind: 'image', extension: 'jpg', contentType: 'image/jpeg' },
  'image/png': { kind: 'image', extension: 'png', contentType: 'image/png' },
  'image/webp': { kind: 'image', extension: 'webp', contentType: 'image/webp' },
  'image/gif': { kind: 'image', extension: 'gif', contentType: 'image/gif' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    kind: 'office',
    extension: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    kind: 'office',
    extension: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': {
    kind: 'office',
    extension: 'pptx',
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  },
  'application/vnd.oasis.opendocument.text': { kind: 'office', extension: 'odt', contentType: 'application/vnd.oasis.opendocument.text' },
  'application/vnd.oasis.opendocument.spreadsheet': {
    kind: 'office',
    extension: 'ods',
    contentType: 'application/vnd.oasis.opendocument.spreadsheet',
  },
  'application/vnd.oasis.opendocument.presentation': {
    kind: 'office',
    extension: 'odp',
    contentType: 'application/vnd.oasis.opendocument.presentation',
  },
  'application/rtf': { kind: 'office', extension: 'rtf', contentType: 'application/rtf' },
};

/** Older Office files share one container format; the name's extension says which program opens it. */
const LEGACY_OFFICE: Readonly<Record<string, string>> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

/**
 * What the vault stores a file as, from the sniffed type (`file-type`'s mime) and the uploaded
 * name; undefined when the vault does not take it.
 */
export function documentTypeOf(sniffedMime: string | undefined, fileName: string): { kind: DocumentKind; extension: string; contentType: string } | undefined {
  if (!sniffedMime) return undefined;
  if (sniffedMime === 'application/x-cfb') {
    const ext = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
    const contentType = LEGACY_OFFICE[ext];
    return contentType ? { kind: 'office', extension: ext, contentType } : undefined;
  }
  return DOCUMENT_TYPES[sniffedMime];
}

/** Whether a stored type may be shown inside the page (a preview): PDF and plain images only. */
export function previewable(contentType: string): boolean {
  const type = DOCUMENT_TYPES[contentType];
  return type?.kind === 'pdf' || type?.kind === 'image';
}

/** The kind of a stored type (for icons). */
export function documentKind(contentType: string): DocumentKind {
  return DOCUMENT_TYPES[contentType]?.kind ?? 'office';
}

/** Where the person reads and accepts the documents of an estate. */
export const AGREEMENTS_PATH = '/agreements';

/**
 * The required to-do of a member who gives input: read and accept the Terms of Use and the
 * Agreement (done once both current versions are accepted). Same shape as the stage to-dos.
 */
export function consentTodo(input: { estateId: string; stage: StageCode; roles: readonly number[]; accepted: boolean }) {
  if (!givesInput(input.roles)) return undefined;
  return {
    id: `consent-${input.estateId}`,
    estateId: input.estateId,
    stage: input.stage,
    titleKey: 'consent:todo.title',
    dueAt: null,
    required: true,
    done: input.accepted,
    path: `${AGREEMENTS_PATH}?estate=${input.estateId}`,
  };
}
