/**
 * One query key per resource. Every `useQuery`, `invalidateQueries`, `setQueryData` and
 * `setQueriesData` in the web app takes its key from here, so a write and the live updates reach
 * exactly the queries that show what changed.
 *
 * Keys are prefixes of one another on purpose: everything about an estate starts with
 * `estate(eid)` (a stage change or an estate-wide write invalidates it whole), all items with
 * `items(eid)`, every item list with `itemLists(eid)`, the stage and its moves with `stage(eid)`.
 */

type Id = string | null;

const estate = (eid: Id) => ['estate', eid] as const;
const items = (eid: Id) => [...estate(eid), 'items'] as const;
const itemLists = (eid: Id) => [...items(eid), 'list'] as const;
const locations = (eid: Id) => [...estate(eid), 'locations'] as const;
const stage = (eid: Id) => [...estate(eid), 'stage'] as const;
const approvals = (eid: Id) => [...estate(eid), 'approvals'] as const;

export const queryKeys = {
  /** Everything about one estate. */
  estate,
  /** The estate's own record (name, settings). */
  estateDetail: (eid: Id) => [...estate(eid), 'detail'] as const,
  /** The current stage (`{ stage, name, deadline, next }`); a prefix of `stageMoves`. */
  stage,
  /** The moves a trustee could make now, each allowed or refused with its reason. */
  stageMoves: (eid: Id) => [...stage(eid), 'moves'] as const,
  /** The slow work the last moves set off (stage 90's report files). */
  stageJobs: (eid: Id) => [...stage(eid), 'jobs'] as const,
  deadlines: (eid: Id) => [...estate(eid), 'deadlines'] as const,
  /** Home's "what to do next" for the signed-in person. */
  nextStep: (eid: Id) => [...estate(eid), 'next-step'] as const,
  commitments: (eid: Id) => [...estate(eid), 'commitments'] as const,

  // Places
  /** Locations; a prefix of every rooms query, so a change to places refreshes both. */
  locations,
  rooms: (eid: Id, locationId: string) => [...locations(eid), locationId, 'rooms'] as const,
  allRooms: (eid: Id) => [...locations(eid), 'all-rooms'] as const,

  // Items
  /** Every item query of the estate (lists and details). */
  items,
  /** Every item list of the estate, whatever its filters. */
  itemLists,
  itemList: (eid: Id, filters: object) => [...itemLists(eid), filters] as const,
  item: (eid: Id, itemId: string) => [...items(eid), 'detail', itemId] as const,
  labels: (eid: Id) => [...estate(eid), 'labels'] as const,
  poolItems: (eid: Id) => [...estate(eid), 'pool-items'] as const,
  poolSummary: (eid: Id) => [...estate(eid), 'pool-summary'] as const,

  // Review (stage 2)
  approvals,
  myApprovals: (eid: Id) => [...approvals(eid), 'mine'] as const,
  approvalProgress: (eid: Id) => [...approvals(eid), 'progress'] as const,
  approvalFlags: (eid: Id) => [...approvals(eid), 'flags'] as const,

  // People
  members: (eid: Id) => [...estate(eid), 'members'] as const,
  invitations: (eid: Id) => [...estate(eid), 'invitations'] as const,
  activity: (eid: Id) => [...estate(eid), 'activity'] as const,
  /** The directory (members, the viewer's stars and groups; invitations for trustees); a prefix of each member's page. */
  directory: (eid: Id) => [...estate(eid), 'directory'] as const,
  memberDetail: (eid: Id, memberId: string) => [...estate(eid), 'directory', 'member', memberId] as const,

  // Taking part
  participation: (eid: Id, stageCode: number) => [...estate(eid), 'participation', String(stageCode)] as const,
  myItems: (eid: Id) => [...estate(eid), 'my-items'] as const,
  tokens: (eid: Id) => [...estate(eid), 'tokens'] as const,
  ranking: (eid: Id) => [...estate(eid), 'ranking'] as const,
  advice: (eid: Id) => [...estate(eid), 'advice'] as const,
  highInterest: (eid: Id) => [...estate(eid), 'high-interest'] as const,
  directives: (eid: Id) => [...estate(eid), 'directives'] as const,

  // Draws and reports
  draws: (eid: Id) => [...estate(eid), 'draws'] as const,
  /** The sealed roots of the estate's choices; a prefix of each receiver's own proof. */
  inputCommitments: (eid: Id) => [...estate(eid), 'input-commitments'] as const,
  myInputProof: (eid: Id, stageCode: number) => [...estate(eid), 'input-commitments', String(stageCode), 'mine'] as const,
  verify: (eid: Id, step: string | null) => [...estate(eid), 'verify', step] as const,
  fairness: (eid: Id) => [...estate(eid), 'fairness'] as const,
  /** Stage 90's report files (closing). */
  reports: (eid: Id) => [...estate(eid), 'reports'] as const,
  /** The trustee's figures (catalogue, participation, interest, assignments). */
  analytics: (eid: Id) => [...estate(eid), 'analytics'] as const,
  /** Who among the members has read the lessons (trustees and observers). */
  lessonProgress: (eid: Id) => [...estate(eid), 'lesson-progress'] as const,

  // Team chat and the quick panel
  /** The caller's conversations in the estate (with unread counts); a prefix of every message page. */
  conversations: (eid: Id) => [...estate(eid), 'conversations'] as const,
  messages: (eid: Id, conversationId: string) => [...estate(eid), 'conversations', conversationId, 'messages'] as const,
  quickPanel: (eid: Id) => [...estate(eid), 'quick-panel'] as const,

  // Consent and documents
  /** The Terms of Use and the Agreement with the caller's acceptance; a prefix of who accepted what. */
  agreements: (eid: Id) => [...estate(eid), 'agreements'] as const,
  consentOverview: (eid: Id) => [...estate(eid), 'agreements', 'acceptances'] as const,
  /** The vault's documents and folders the caller may see. */
  documents: (eid: Id) => [...estate(eid), 'documents'] as const,

  // Hand-over (stages 41–42) and what becomes of unwanted or held items
  /** Where each assigned item is on its way to its receiver (as far as the caller may see). */
  handover: (eid: Id) => [...estate(eid), 'handover'] as const,
  dispositions: (eid: Id) => [...estate(eid), 'dispositions'] as const,

  // Outside an estate
  /** The person's own notes (all of them, archived too). */
  notes: () => ['notes'] as const,
  /** To-dos across all the person's estates. */
  todos: () => ['todos'] as const,
  /** The person's own to-dos in one view (filter, label or folder). */
  personalTodos: (view: object) => ['todos', 'personal', view] as const,
  /** Counts per filter, folder and label, and the navigation badge's open count. */
  todoCounts: () => ['todos', 'counts'] as const,
  todoLabels: () => ['todos', 'labels'] as const,
  todoFolders: () => ['todos', 'folders'] as const,
  /** The lessons with the person's place in each. */
  lessons: () => ['lessons'] as const,
  invitation: (token: string) => ['invitation', token] as const,
  /** The person's own profile: phone and picture; a prefix of their timeline and photos. */
  profile: () => ['me', 'profile'] as const,
  timeline: () => ['me', 'profile', 'timeline'] as const,
  myPhotos: () => ['me', 'profile', 'photos'] as const,
  content: (kind: string, language: string) => ['content', kind, language] as const,
  adminUsers: () => ['admin', 'users'] as const,
  adminOutbox: () => ['admin', 'outbox'] as const,
  adminEstates: () => ['admin', 'estates'] as const,
};
