import type { ContentSlot } from '@oppslag/common/feature-sets.ts';
import { Navigate, type RouteObject } from 'react-router-dom';
import type { Entity } from '../../api/entities.api';
import type { IconName } from '../../components/icons';
import { lazyPage } from '../../routes/lazy-page';
import { currentEntities } from '../../state/entities';
import { slotFeatureOn } from '../banners/slot-feature';

/** What a tab needs to know to decide whether it shows. */
export interface TabContext {
  entity: Entity;
  isAdmin: boolean;
}

export interface EntityTab {
  /** Path under /entities/:id (may contain parameters for the route, see `link` for the nav). */
  path: string;
  /** The nav link, when it differs from `path` (e.g. content/banner for content/:contentSlotId). */
  link?: string;
  /** i18n key in the `entity` namespace. */
  label: string;
  icon: IconName;
  element: React.ReactNode;
  /** Hidden from the side navigation when false (the route still answers). */
  visible?: (ctx: TabContext) => boolean;
  /** Routes without a nav entry of their own. */
  navHidden?: boolean;
  /** A second nav entry for a route another tab already declares (content/partnerLogo, ads/large). */
  navOnly?: boolean;
}

/** The tab chunks by first path segment: loaded lazily here, started early at boot (routes/prefetch). */
export const TAB_CHUNKS = {
  general: () => import('./general/general-tab'),
  settings: () => import('./settings/settings-tab'),
  members: () => import('./members/members-tab'),
  children: () => import('./children/children-tab'),
  services: () => import('./services/services-tab'),
  notes: () => import('../notes/notes-tab'),
  content: () => import('../content/content-page'),
};

const General = lazyPage(TAB_CHUNKS.general);
const Settings = lazyPage(TAB_CHUNKS.settings);
const Members = lazyPage(TAB_CHUNKS.members);
const Children = lazyPage(TAB_CHUNKS.children);
const Services = lazyPage(TAB_CHUNKS.services);
const Notes = lazyPage(TAB_CHUNKS.notes);
const Templates = lazyPage(() => import('../templates/templates-page'));
const Content = lazyPage(TAB_CHUNKS.content);
const Ads = lazyPage(() => import('../ads/ads-page'));
const History = lazyPage(() => import('../history/history-tab'));

const hasChildren = ({ entity }: TabContext) => entity.type !== 'display';
/** Content slots show in the navigation when their special feature is on (partner logo and ads: admins). */
const slotOn =
  (slot: ContentSlot, adminOnly = false) =>
  ({ entity, isAdmin }: TabContext) =>
    (!adminOnly || isAdmin) && slotFeatureOn(entity, currentEntities().byId, slot);

/**
 * The entity detail tabs of platform spec §2, in side-navigation order. Content features add
 * their tabs (notes, templates, content/{slot}, ads/{size}, banners) to this list.
 */
export const ENTITY_TABS: EntityTab[] = [
  { path: 'general', label: 'tabs.general', icon: 'dashboard', element: <General /> },
  { path: 'settings', label: 'tabs.settings', icon: 'settings', element: <Settings /> },
  { path: 'members', label: 'tabs.members', icon: 'group', element: <Members /> },
  { path: 'notes', label: 'tabs.notes', icon: 'sticky_note', element: <Notes /> },
  {
    path: 'content/:contentSlotId',
    link: 'content/banner',
    label: 'banners:titles.banner',
    icon: 'tv',
    element: <Content />,
    visible: slotOn('banner'),
  },
  {
    path: 'content/:contentSlotId',
    link: 'content/partnerLogo',
    label: 'banners:titles.partnerLogo',
    icon: 'account_balance',
    element: <Content />,
    visible: slotOn('partnerLogo', true),
    navOnly: true,
  },
  {
    path: 'ads/:size',
    link: 'ads/small',
    label: 'banners:titles.adsSmall',
    icon: 'filter_none',
    element: <Ads />,
    visible: slotOn('adsSmall', true),
  },
  {
    path: 'ads/:size',
    link: 'ads/large',
    label: 'banners:titles.adsLarge',
    icon: 'filter_none',
    element: <Ads />,
    visible: slotOn('adsLarge', true),
    navOnly: true,
  },
  { path: 'templates', label: 'banners:titles.templates', icon: 'content_copy', element: <Templates /> },
  {
    path: 'children',
    label: 'tabs.children',
    icon: 'account_tree',
    element: <Children />,
    visible: hasChildren,
  },
  { path: 'services', label: 'tabs.services', icon: 'apps', element: <Services /> },
  // Owners and administrators (edit_entity) and the superadmin; the API refuses moderators.
  {
    path: 'history',
    label: 'history:title',
    icon: 'history',
    element: <History />,
    visible: ({ entity, isAdmin }) => isAdmin || (entity.permissions?.includes('edit_entity') ?? false),
  },
];

export const entityTabRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="general" replace /> },
  // Platform spec §2 lists a `banners` tab; the banners live in the banner slot's editor, so the
  // address leads there instead of answering 404 (bookmarks and old links keep working).
  { path: 'banners', element: <Navigate to="../content/banner" replace /> },
  ...ENTITY_TABS.filter((tab) => !tab.navOnly).map((tab) => ({ path: tab.path, element: tab.element })),
];
