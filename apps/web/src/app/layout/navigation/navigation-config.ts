/**
 * The navigation menu (seed section 2 "Navigation menu"). Item types: group, collapse, item, link,
 * divider. Each item may carry `auth` (access lists from @estate/domain/roles; any one suffices)
 * and `action` (a policy action the person must be allowed now, in the current estate's stage);
 * it is shown only to people who satisfy both, so the menu never offers a page the server refuses.
 */
import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Inventory from '@mui/icons-material/Inventory2Outlined';
import Place from '@mui/icons-material/PlaceOutlined';
import People from '@mui/icons-material/PeopleOutlined';
import Assessment from '@mui/icons-material/AssessmentOutlined';
import Checklist from '@mui/icons-material/ChecklistOutlined';
import Insights from '@mui/icons-material/InsightsOutlined';
import Tune from '@mui/icons-material/TuneOutlined';
import Summarize from '@mui/icons-material/SummarizeOutlined';
import ManageAccounts from '@mui/icons-material/ManageAccountsOutlined';
import AdminPanel from '@mui/icons-material/AdminPanelSettingsOutlined';
import Mail from '@mui/icons-material/MailOutlined';
import School from '@mui/icons-material/SchoolOutlined';
import Help from '@mui/icons-material/HelpOutlineOutlined';
import Style from '@mui/icons-material/StyleOutlined';
import MenuBook from '@mui/icons-material/MenuBookOutlined';
import LocalLibrary from '@mui/icons-material/LocalLibraryOutlined';
import Favorite from '@mui/icons-material/FavoriteBorderOutlined';
import LocalShipping from '@mui/icons-material/LocalShippingOutlined';
import VolunteerActivism from '@mui/icons-material/VolunteerActivismOutlined';
import StickyNote from '@mui/icons-material/StickyNote2Outlined';
import Folder from '@mui/icons-material/FolderOutlined';
import Handshake from '@mui/icons-material/HandshakeOutlined';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import QuestionAnswer from '@mui/icons-material/QuestionAnswerOutlined';
import { can, type Action, type Actor } from '@estate/domain/permissions';
import { hasAccess, type AccessList } from '@estate/domain/roles';
import { Stage } from '@estate/domain/stages';

export type NavBadge = { title: string | number; bg?: string; fg?: string };

export type NavItem = {
  id: string;
  type: 'group' | 'collapse' | 'item' | 'link' | 'divider';
  /** i18n key of the title. */
  title?: string;
  icon?: ComponentType<SvgIconProps>;
  url?: string;
  /** Active only on this exact path (otherwise also on paths below it). */
  exact?: boolean;
  target?: '_blank' | '_self';
  badge?: NavBadge;
  auth?: readonly AccessList[];
  action?: Action;
  /** Shown only from this stage on: a page that has nothing in it before (questions on results). */
  fromStage?: number;
  children?: NavItem[];
};

export type NavigationContext = {
  estateId: string | null;
  /** Counts for the badges (to-do, reports); zero or missing shows none. */
  counts?: Partial<Record<'todo' | 'reports' | 'trusteeReports' | 'questions', number>>;
};

function badge(count: number | undefined): NavBadge | undefined {
  return count && count > 0 ? { title: count } : undefined;
}

export function buildNavigation({ estateId, counts = {} }: NavigationContext): NavItem[] {
  const inEstate = (item: NavItem): NavItem[] => (estateId ? [item] : []);
  return [
    {
      id: 'estate',
      type: 'group',
      title: 'nav.estate',
      auth: ['member'],
      children: [
        {
          id: 'assets',
          type: 'item',
          title: 'nav.assets',
          icon: Inventory,
          url: estateId ? `/p/${estateId}/i` : '/i/',
          auth: ['member'],
        },
        ...inEstate({
          id: 'locations',
          type: 'item',
          title: 'nav.locations',
          icon: Place,
          url: `/p/${estateId ?? ''}/l`,
          auth: ['member'],
        }),
        ...inEstate({
          id: 'members',
          type: 'item',
          title: 'nav.members',
          icon: People,
          url: '/members',
          auth: ['member'],
        }),
        ...inEstate({
          id: 'activity',
          type: 'item',
          title: 'activity:nav.activity',
          icon: HistoryIcon,
          url: '/activity',
          action: 'activity.view',
        }),
        ...inEstate({
          id: 'questions',
          type: 'item',
          title: 'activity:nav.questions',
          icon: QuestionAnswer,
          url: '/questions',
          action: 'question.view',
          fromStage: Stage.AssignmentCompleted,
          badge: badge(counts.questions),
        }),
        ...inEstate({
          id: 'files',
          type: 'item',
          title: 'nav.files',
          icon: Folder,
          url: '/files',
          action: 'document.view',
        }),
        ...inEstate({
          id: 'agreements',
          type: 'item',
          title: 'consent:nav.agreements',
          icon: Handshake,
          url: '/agreements',
          action: 'agreement.view',
        }),
        ...inEstate({
          id: 'my-items',
          type: 'item',
          title: 'process:nav.myItems',
          icon: Favorite,
          url: '/my-items',
          action: 'participation.view',
        }),
        ...inEstate({
          id: 'reports',
          type: 'item',
          title: 'nav.reports',
          icon: Assessment,
          url: '/reports/',
          action: 'report.view',
          badge: badge(counts.reports),
        }),
        // Trustees and observers (the family's lawyer or mediator) read the analytics: in the group both see.
        ...inEstate({
          id: 'analytics',
          type: 'item',
          title: 'nav.analytics',
          icon: Insights,
          url: '/trustee/analytics',
          action: 'analytics.view',
        }),
        ...inEstate({
          id: 'settlement',
          type: 'item',
          title: 'settlement:nav',
          icon: Assessment,
          url: '/reports/settlement',
          action: 'settlement.view',
        }),
        ...inEstate({
          id: 'unwanted',
          type: 'item',
          title: 'handover:nav.unwanted',
          icon: VolunteerActivism,
          url: '/unwanted-items',
          auth: ['trustee', 'appraiser', 'seller', 'buyer'],
          action: 'disposition.view',
        }),
        {
          id: 'todo',
          type: 'item',
          title: 'nav.todo',
          icon: Checklist,
          url: '/todo/all',
          auth: ['member'],
          badge: badge(counts.todo),
        },
        {
          id: 'notes',
          type: 'item',
          title: 'notes:nav.notes',
          icon: StickyNote,
          url: '/apps/notes',
          auth: ['member'],
        },
      ],
    },
    {
      id: 'trustee',
      type: 'group',
      title: 'nav.trustee',
      auth: ['trustee'],
      children: [
        {
          id: 'control',
          type: 'item',
          title: 'nav.controlPanel',
          icon: Tune,
          url: '/trustee/control',
          auth: ['trustee'],
          action: 'estate.stage',
        },
        {
          id: 'consent',
          type: 'item',
          title: 'consent:nav.overview',
          icon: Handshake,
          url: '/trustee/agreements',
          auth: ['trustee'],
          action: 'agreement.viewAll',
        },
        {
          id: 'handover',
          type: 'item',
          title: 'handover:nav.board',
          icon: LocalShipping,
          url: '/trustee/handover',
          auth: ['trustee'],
          action: 'handover.view',
        },
        {
          id: 'trustee-reports',
          type: 'item',
          title: 'nav.trusteeReports',
          icon: Summarize,
          url: '/trustee/reports',
          auth: ['trustee'],
          badge: badge(counts.trusteeReports),
        },
        {
          id: 'trustee-settlement',
          type: 'item',
          title: 'settlement:nav',
          icon: Summarize,
          url: '/trustee/reports/settlement',
          auth: ['trustee'],
          action: 'settlement.view',
        },
        {
          id: 'accounts',
          type: 'item',
          title: 'nav.accounts',
          icon: ManageAccounts,
          url: '/trustee/users/all',
          auth: ['trustee'],
          action: 'member.invite',
        },
      ],
    },
    {
      id: 'admin',
      type: 'group',
      title: 'nav.admin',
      auth: ['admin'],
      children: [
        {
          id: 'admin-users',
          type: 'item',
          title: 'nav.adminUsers',
          icon: AdminPanel,
          url: '/admin/users',
          auth: ['admin'],
        },
        {
          id: 'admin-estates',
          type: 'item',
          title: 'closing:admin.nav',
          icon: Summarize,
          url: '/admin/estates',
          auth: ['admin'],
        },
        {
          id: 'admin-outbox',
          type: 'item',
          title: 'nav.adminOutbox',
          icon: Mail,
          url: '/admin/outbox',
          auth: ['admin'],
        },
      ],
    },
    {
      id: 'help',
      type: 'group',
      title: 'nav.help',
      children: [
        {
          id: 'learn',
          type: 'collapse',
          title: 'nav.learn',
          icon: School,
          auth: ['member'],
          children: [
            {
              id: 'lessons',
              type: 'item',
              title: 'nav.lessons',
              icon: LocalLibrary,
              url: '/help/courses',
              auth: ['member'],
            },
            { id: 'faq', type: 'item', title: 'nav.faq', icon: Help, url: '/faq', auth: ['member'] },
            {
              id: 'style',
              type: 'item',
              title: 'nav.styleGuide',
              icon: Style,
              url: '/style',
              auth: ['member'],
            },
          ],
        },
        {
          id: 'documentation',
          type: 'item',
          title: 'nav.documentation',
          icon: MenuBook,
          url: '/documentation',
        },
      ],
    },
  ];
}

/**
 * Keeps what the roles allow and, for items with an action, what the policy allows the person in
 * the current estate now (`actor`: roles and stage; none without an estate). A group or collapse
 * left with no children disappears too.
 */
export function filterNavigation(items: readonly NavItem[], roles: readonly number[], actor: Actor | null = null): NavItem[] {
  const out: NavItem[] = [];
  for (const item of items) {
    if (item.auth && !item.auth.some((list) => hasAccess(roles, list))) continue;
    // A menu entry leads to a page to read: a closed estate keeps the trustee's Control Panel and
    // Accounts (their changing buttons say why they are disabled).
    if (item.action && !(actor && can(item.action, actor, {}, 'read'))) continue;
    if (item.fromStage !== undefined && !(actor && actor.stage >= item.fromStage)) continue;
    if (item.children) {
      const children = filterNavigation(item.children, roles, actor);
      if ((item.type === 'group' || item.type === 'collapse') && children.length === 0) continue;
      out.push({ ...item, children });
    } else {
      out.push(item);
    }
  }
  return out;
}

/** Every page an item leads to (items and links), for search and shortcuts. */
export function flattenNavigation(items: readonly NavItem[]): NavItem[] {
  return items.flatMap((item) => [
    ...((item.type === 'item' || item.type === 'link') && item.url ? [item] : []),
    ...flattenNavigation(item.children ?? []),
  ]);
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

export function isActive(item: NavItem, pathname: string): boolean {
  if (!item.url) return false;
  const url = trimSlash(item.url);
  const path = trimSlash(pathname);
  return item.exact ? path === url : path === url || path.startsWith(`${url}/`);
}

/** A collapse opens by itself when the current path belongs to one of its children. */
export function containsActive(item: NavItem, pathname: string): boolean {
  return (item.children ?? []).some((child) => isActive(child, pathname) || containsActive(child, pathname));
}

/** Navigation search: pages whose title contains the query, at most `limit` (seed: 10). */
export function searchPages(
  pages: readonly NavItem[],
  query: string,
  titleOf: (item: NavItem) => string,
  limit = 10,
): NavItem[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [];
  return pages.filter((page) => titleOf(page).toLocaleLowerCase().includes(needle)).slice(0, limit);
}
