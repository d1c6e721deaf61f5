/**
 * The site map (seed section 2, product.md "Screens"). Each path has its access rule, the frame it
 * renders in (`shell` = navbar, toolbar and footer; `bare` = a page of its own) and either a page
 * (loaded on demand, so the sign-in page stays small) or a redirect.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, type Params } from 'react-router';
import {
  ADMIN,
  ALLOWED,
  GUEST_ONLY,
  NOT_FOUND_PATH,
  PUBLIC,
  SETUP,
  SIGNED_IN,
  TRUSTEE,
  type RouteAuth,
} from './route-access';
import { gridColumns } from '../features/catalogue/grid';

type PageProps = { titleKey?: string };
type Page = LazyExoticComponent<ComponentType<PageProps>>;

const loaders = new Map<Page, () => Promise<unknown>>();

function page<M>(load: () => Promise<M>, name: keyof M): Page {
  const component = lazy(async () => ({ default: (await load())[name] as ComponentType<PageProps> }));
  loaders.set(component, load);
  return component;
}

/** Starts downloading a page's code before it is rendered (a failure shows when it renders). */
export function preloadPage(name: PageKey): void {
  loaders
    .get(pages[name])?.()
    .catch(() => undefined);
}

const pages = {
  setup: page(() => import('../features/auth/pages/setup-page'), 'SetupPage'),
  login: page(() => import('../features/auth/pages/login-page'), 'LoginPage'),
  register: page(() => import('../features/auth/pages/register-page'), 'RegisterPage'),
  callback: page(() => import('../features/auth/pages/callback-page'), 'CallbackPage'),
  logout: page(() => import('../features/auth/pages/logout-page'), 'LogoutPage'),
  forgotPassword: page(() => import('../features/auth/pages/forgot-password-page'), 'ForgotPasswordPage'),
  resetPassword: page(() => import('../features/auth/pages/reset-password-page'), 'ResetPasswordPage'),
  mailConfirm: page(() => import('../features/auth/pages/mail-confirm-page'), 'MailConfirmPage'),
  lock: page(() => import('../features/auth/pages/lock-page'), 'LockPage'),
  invite: page(() => import('../features/invitations/pages/invite-page'), 'InvitePage'),
  error404: page(() => import('../features/errors/pages/error-404-page'), 'Error404Page'),
  error500: page(() => import('../features/errors/pages/error-500-page'), 'Error500Page'),
  maintenance: page(() => import('../features/errors/pages/maintenance-page'), 'MaintenancePage'),
  estateHome: page(() => import('../features/estates/pages/estate-home-page'), 'EstateHomePage'),
  members: page(() => import('../features/members/pages/members-page'), 'MembersPage'),
  accounts: page(() => import('../features/members/pages/accounts-page'), 'AccountsPage'),
  signInLink: page(() => import('../features/auth/pages/sign-in-link-page'), 'SignInLinkPage'),
  signInLinkLanding: page(() => import('../features/auth/pages/link-page'), 'LinkPage'),
  memberPage: page(() => import('../features/members/pages/member-page'), 'MemberPage'),
  profile: page(() => import('../features/profile/pages/profile-page'), 'ProfilePage'),
  profileEdit: page(() => import('../features/profile/pages/profile-edit-page'), 'ProfileEditPage'),
  profileReset: page(() => import('../features/profile/pages/profile-reset-page'), 'ProfileResetPage'),
  adminUsers: page(() => import('../features/admin/pages/admin-users-page'), 'AdminUsersPage'),
  adminOutbox: page(() => import('../features/admin/pages/admin-outbox-page'), 'AdminOutboxPage'),
  adminEstates: page(() => import('../features/admin/pages/admin-estates-page'), 'AdminEstatesPage'),
  adminEstate: page(() => import('../features/admin/pages/admin-estates-page'), 'AdminEstateSupportPage'),
  documentation: page(
    () => import('../features/documentation/pages/documentation-page'),
    'DocumentationPage',
  ),
  control: page(() => import('../features/control/pages/control-page'), 'ControlPage'),
  myItems: page(() => import('../features/participation/pages/my-items-page'), 'MyItemsPage'),
  handover: page(() => import('../features/handover/pages/handover-page'), 'HandoverPage'),
  unwanted: page(() => import('../features/handover/pages/unwanted-page'), 'UnwantedPage'),
  todo: page(() => import('../features/todo/pages/todo-page'), 'TodoPage'),
  notes: page(() => import('../features/notes/pages/notes-page'), 'NotesPage'),
  draws: page(() => import('../features/draws/pages/draws-page'), 'DrawsPage'),
  verifyDraw: page(() => import('../features/draws/pages/verify-page'), 'VerifyPage'),
  fairness: page(() => import('../features/reports/pages/fairness-page'), 'FairnessPage'),
  settlement: page(() => import('../features/settlement/pages/settlement-page'), 'SettlementPage'),
  faq: page(() => import('../features/help/pages/help-pages'), 'FaqPage'),
  styleGuide: page(() => import('../features/help/pages/help-pages'), 'StylePage'),
  courses: page(() => import('../features/help/pages/lessons-pages'), 'CoursesPage'),
  analytics: page(() => import('../features/analytics/pages/analytics-page'), 'AnalyticsPage'),
  agreements: page(() => import('../features/consent/pages/agreements-page'), 'AgreementsPage'),
  agreementReader: page(() => import('../features/consent/pages/reader-page'), 'ReaderPage'),
  consentOverview: page(() => import('../features/consent/pages/consent-overview-page'), 'ConsentOverviewPage'),
  documents: page(() => import('../features/documents/pages/documents-page'), 'DocumentsPage'),
  comingSoon: page(() => import('../features/placeholders/pages/coming-soon-page'), 'ComingSoonPage'),
  items: page(() => import('../features/catalogue/pages/items-page'), 'ItemsPage'),
  itemDetail: page(() => import('../features/catalogue/pages/item-detail-page'), 'ItemDetailPage'),
  activity: page(() => import('../features/activity/pages/activity-page'), 'ActivityPage'),
  questions: page(() => import('../features/activity/pages/questions-page'), 'QuestionsPage'),
  locations: page(() => import('../features/catalogue/pages/locations-page'), 'LocationsPage'),
  rooms: page(() => import('../features/catalogue/pages/rooms-page'), 'RoomsPage'),
  boards: page(() => import('../features/catalogue/pages/boards-page'), 'BoardsPage'),
  board: page(() => import('../features/catalogue/pages/board-page'), 'BoardPage'),
};

export type PageKey = keyof typeof pages;

export type RouteSpec = {
  path: string;
  auth: RouteAuth;
  frame: 'shell' | 'bare';
} & (
  | { page: PageKey; titleKey?: string }
  /** A redirect; the query string is kept. */
  | { redirect: string | ((params: Params) => string) }
);

const shell = (path: string, auth: RouteAuth, pageKey: PageKey, titleKey?: string): RouteSpec => ({
  path,
  auth,
  frame: 'shell',
  page: pageKey,
  titleKey,
});
const bare = (path: string, auth: RouteAuth, pageKey: PageKey): RouteSpec => ({
  path,
  auth,
  frame: 'bare',
  page: pageKey,
});
const redirect = (path: string, to: string | ((params: Params) => string)): RouteSpec => ({
  path,
  auth: PUBLIC,
  frame: 'bare',
  redirect: to,
});

export const ROUTES: readonly RouteSpec[] = [
  redirect('/', '/i/'),
  bare('/setup', SETUP, 'setup'),

  // Accounts
  bare('/login', GUEST_ONLY, 'login'),
  bare('/register', GUEST_ONLY, 'register'),
  bare('/callback', GUEST_ONLY, 'callback'),
  bare('/logout', PUBLIC, 'logout'),
  bare('/pages/auth/forgot-password', PUBLIC, 'forgotPassword'),
  bare('/pages/auth/reset-password', PUBLIC, 'resetPassword'),
  bare('/pages/auth/mail-confirm', PUBLIC, 'mailConfirm'),
  bare('/pages/auth/sign-in-link', PUBLIC, 'signInLink'),
  bare('/pages/auth/link', PUBLIC, 'signInLinkLanding'),
  bare('/pages/auth/lock', SIGNED_IN, 'lock'),
  redirect('/pages/auth/login', '/login'),
  redirect('/pages/auth/login-2', '/login'),
  redirect('/pages/auth/login-3', '/login'),
  redirect('/pages/auth/register', '/register'),
  redirect('/pages/auth/register-2', '/register'),
  redirect('/pages/auth/register-3', '/register'),
  redirect('/pages/auth/forgot-password-2', '/pages/auth/forgot-password'),
  redirect('/pages/auth/reset-password-2', '/pages/auth/reset-password'),
  bare('/invite/:token', PUBLIC, 'invite'),

  // Errors and maintenance
  bare('/pages/errors/error-404', PUBLIC, 'error404'),
  bare('/pages/errors/error-500', PUBLIC, 'error500'),
  bare('/pages/maintenance', PUBLIC, 'maintenance'),

  // Template demo pages that are not shipped: to the nearest real page, or not found.
  redirect('/pages/pricing/*', NOT_FOUND_PATH),
  redirect('/pages/invoices/*', '/reports/'),
  redirect('/pages/knowledge-base/*', '/faq'),
  redirect('/pages/search/*', '/i/'),
  redirect('/pages/coming-soon', '/'),
  redirect('/ui/*', NOT_FOUND_PATH),

  // Items and locations
  shell('/i', SIGNED_IN, 'estateHome'),
  shell('/p/:pid/i', SIGNED_IN, 'items'),
  shell('/p/:pid/l/:lid/r/:rid/i', SIGNED_IN, 'items'),
  shell('/p/:pid/i/:iid', SIGNED_IN, 'itemDetail'),
  shell('/p/:pid/a/:iid', SIGNED_IN, 'itemDetail'),
  shell('/p', SIGNED_IN, 'locations'),
  shell('/p/:pid/l', SIGNED_IN, 'locations'),
  redirect('/p/:pid', (p) => `/p/${p.pid ?? ''}/l/`),
  shell('/p/:pid/l/:lid/r', SIGNED_IN, 'rooms'),
  redirect('/p/:pid/l/:lid', (p) => `/p/${p.pid ?? ''}/l/${p.lid ?? ''}/r`),
  redirect('/p/:pid/l/:lid/r/:rid', (p) => `/p/${p.pid ?? ''}/l/${p.lid ?? ''}/r/${p.rid ?? ''}/i`),

  // Help, files, boards, to-do
  redirect('/help', '/help/courses'),
  shell('/help/courses/*', SIGNED_IN, 'courses'),
  shell('/faq', SIGNED_IN, 'faq'),
  shell('/style', SIGNED_IN, 'styleGuide'),
  shell('/files', SIGNED_IN, 'documents'),
  shell('/agreements', SIGNED_IN, 'agreements'),
  shell('/agreements/:kind/:part?', SIGNED_IN, 'agreementReader'),
  redirect('/apps/scrumboard', '/apps/scrumboard/boards'),
  shell('/apps/scrumboard/boards', SIGNED_IN, 'boards'),
  shell('/apps/scrumboard/boards/:boardId/:boardUri?', SIGNED_IN, 'board'),
  redirect('/apps/contacts/*', '/members'),
  redirect('/todo', '/todo/all'),
  shell('/todo/*', SIGNED_IN, 'todo'),
  shell('/apps/notes/:filter?', SIGNED_IN, 'notes'),
  shell('/reports', ALLOWED('report.view'), 'fairness'),
  shell('/reports/settlement', ALLOWED('settlement.view'), 'settlement'),
  shell('/reports/:pid', ALLOWED('report.view'), 'fairness'),
  shell('/my-items', ALLOWED('participation.view'), 'myItems'),
  shell('/unwanted-items', ALLOWED('disposition.view'), 'unwanted'),
  shell('/draws', SIGNED_IN, 'draws'),
  shell('/draws/verify', SIGNED_IN, 'verifyDraw'),
  shell('/members', SIGNED_IN, 'members'),
  shell('/activity', ALLOWED('activity.view'), 'activity'),
  shell('/questions', ALLOWED('question.view'), 'questions'),

  // Profile
  shell('/profile/edit', SIGNED_IN, 'profileEdit'),
  shell('/profile/reset', SIGNED_IN, 'profileReset'),
  shell('/profile/:tab?', SIGNED_IN, 'profile'),

  // Trustee
  redirect('/trustee', '/trustee/analytics'),
  shell('/trustee/analytics', ALLOWED('analytics.view'), 'analytics'),
  shell('/trustee/control', TRUSTEE, 'control'),
  shell('/trustee/handover', TRUSTEE, 'handover'),
  shell('/trustee/agreements', ALLOWED('agreement.viewAll'), 'consentOverview'),
  shell('/trustee/reports', TRUSTEE, 'fairness'),
  shell('/trustee/reports/settlement', TRUSTEE, 'settlement'),
  shell('/trustee/reports/:pid', TRUSTEE, 'fairness'),
  redirect('/trustee/users', '/trustee/users/all'),
  shell('/trustee/users/all', TRUSTEE, 'accounts'),
  // A member's page, or the directory shown as the seed's participant lists (trustees, beneficiaries, starred).
  shell('/trustee/users/:id', TRUSTEE, 'memberPage'),

  // Installation admin
  redirect('/admin', '/admin/users'),
  shell('/admin/users', ADMIN, 'adminUsers'),
  shell('/admin/outbox', ADMIN, 'adminOutbox'),
  shell('/admin/estates', ADMIN, 'adminEstates'),
  shell('/admin/estates/:eid', ADMIN, 'adminEstate'),

  shell('/documentation', PUBLIC, 'documentation'),
];

export const PAGES = pages;

/**
 * The first reads of a page that can start as soon as the session is restored, before the page's
 * code has arrived (the same paths the page asks for; an unused answer is dropped), and the read
 * whose first photos are the page's first screen (they load as soon as its answer is in). Only for
 * the page's default view, in an estate the person is a member of.
 */
export type EarlyReads = { paths: string[]; photos?: { path: string; count: number } };

export const EARLY_READS: Partial<Record<PageKey, (params: Params, search: string) => EarlyReads | null>> = {
  items: ({ pid, lid }, search) => {
    if (!pid || lid || search) return null;
    const base = `/api/estates/${encodeURIComponent(pid)}`;
    const list = `${base}/items?limit=60`;
    return {
      paths: [list, `${base}/rooms`],
      // The grid's first row (the list is nearly as wide as the window).
      photos: { path: list, count: gridColumns(window.innerWidth) },
    };
  },
};

const matchable = ROUTES.map((spec) => ({ path: spec.path, spec }));

/** The route a path resolves to, or null for an unknown path (which goes to error-404). */
export function findRoute(pathname: string): { spec: RouteSpec; params: Params } | null {
  const matches = matchRoutes(matchable, pathname);
  const last = matches?.[matches.length - 1];
  return last ? { spec: last.route.spec, params: last.params } : null;
}
