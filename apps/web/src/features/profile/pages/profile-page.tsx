import { Suspense } from 'react';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import Edit from '@mui/icons-material/EditOutlined';
import { LANGUAGE_NAMES } from '../../../shared/i18n/i18n';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ROLE_KEYS, primaryRole } from '@estate/domain/roles';
import { formatDate } from '../../../shared/i18n/format';
import { currentMembership, effectiveRoles } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';
import { PageLayout } from '../../../shared/ui/page-layout';
import { notify } from '../../../shared/ui/notify';
import { MyPhotos } from '../components/my-photos';
import { MyTimeline } from '../components/my-timeline';
import { useProfile } from '../profile-api';
import { initials } from '../../../shared/ui/initials';
import { lazyNamed } from '../../../shared/ui/lazy-named';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';

// The form and its checks load only on the password tab, so the profile opens quickly (ADR 0004).
const ChangePasswordForm = lazyNamed(() => import('../components/change-password-form'), 'ChangePasswordForm');
const MySessions = lazyNamed(() => import('../components/my-sessions'), 'MySessions');

const TABS = ['timeline', 'photos', 'about', 'password', 'sessions'] as const;
type TabName = (typeof TABS)[number];

function isTab(value: string | undefined): value is TabName {
  return (TABS as readonly string[]).includes(value ?? '');
}

/**
 * `/profile/:tab?`: the person's own activity in their estates (timeline), the photos they added,
 * about (name, picture, phone, language), change password, and the devices where they are
 * signed in (sessions, issue 31).
 */
export function ProfilePage() {
  const { t, i18n } = useTranslation();
  const { tab } = useParams();
  const { me } = useSession();
  const profile = useProfile();
  if (!me) return null;
  if (tab !== undefined && !isTab(tab)) return <Navigate to="/profile/timeline" replace />;
  const selected: TabName = tab ?? 'timeline';
  const estate = currentMembership(me);
  const role = primaryRole(effectiveRoles(me));

  return (
    <PageLayout title={me.user.displayName} subtitle={t(`roles.${ROLE_KEYS[role]}.name`)}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Avatar
          src={profile.data?.avatarUrl ?? undefined}
          alt=""
          sx={{ width: 72, height: 72, bgcolor: 'primary.main', fontSize: '1.5rem' }}
          aria-hidden="true"
        >
          {initials(me.user.displayName)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{me.user.email}</Typography>
          {estate && <Typography color="text.secondary">{estate.estateName}</Typography>}
        </Box>
      </Stack>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={selected}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('profile.tabs.label')}
        >
          {TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={name === 'sessions' ? t('sessions:tab') : t(`profile.tabs.${name}`)}
              component={RouterLink}
              to={`/profile/${name}`}
            />
          ))}
        </Tabs>
      </Box>
      {selected === 'timeline' && <MyTimeline hasEstate={me.memberships.length > 0} manyEstates={me.memberships.length > 1} />}
      {selected === 'photos' && <MyPhotos manyEstates={me.memberships.length > 1} />}
      {selected === 'about' && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
              gap: 1.5,
              m: 0,
              '& dd': { m: 0, mb: { xs: 1, sm: 0 } },
              '& dt': { color: 'text.secondary' },
            }}
          >
            <dt>{t('fields.firstName')}</dt>
            <dd>{me.user.firstName}</dd>
            <dt>{t('fields.lastName')}</dt>
            <dd>{me.user.lastName}</dd>
            <dt>{t('fields.email')}</dt>
            <dd style={{ overflowWrap: 'anywhere' }} dir="ltr">
              {me.user.email}
            </dd>
            <dt>{t('people:profile.phone')}</dt>
            <dd dir={profile.data?.phone ? 'ltr' : undefined}>{profile.data?.phone || t('people:profile.noPhone')}</dd>
            <dt>{t('people:profile.language')}</dt>
            <dd>{LANGUAGE_NAMES[me.settings.language]}</dd>
            <dt>{t('profile.about.memberSince')}</dt>
            <dd>{formatDate(me.user.createdAt, i18n.language)}</dd>
            <dt>{t('profile.about.estates')}</dt>
            <dd>{me.memberships.map((m) => m.estateName).join(', ') || t('profile.about.noEstates')}</dd>
          </Box>
          <Button component={RouterLink} to="/profile/edit" startIcon={<Edit />} sx={{ mt: 2 }}>
            {t('profile.edit.title')}
          </Button>
        </Paper>
      )}
      {selected === 'password' && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography component="h2" variant="h3" sx={{ mb: 2 }}>
            {t('profile.password.title')}
          </Typography>
          <Suspense fallback={<FullPageLoader />}>
            <ChangePasswordForm
              submitLabel={t('profile.password.submit')}
              onDone={() => notify(t('profile.password.changed'), 'success')}
            />
          </Suspense>
        </Paper>
      )}
      {selected === 'sessions' && (
        <Suspense fallback={<FullPageLoader />}>
          <MySessions />
        </Suspense>
      )}
    </PageLayout>
  );
}
