import { Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import HomeWork from '@mui/icons-material/HomeWorkOutlined';
import People from '@mui/icons-material/PeopleOutlined';
import PersonAdd from '@mui/icons-material/PersonAddAlt';
import Inventory from '@mui/icons-material/Inventory2Outlined';
import Favorite from '@mui/icons-material/FavoriteBorderOutlined';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ROLE_KEYS, isRoleCode } from '@estate/domain/roles';
import { currentMembership } from '../../../shared/session/current-estate';
import { actorOf, policyFor } from '../../../shared/session/actor';
import { useSession } from '../../../shared/session/session-context';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLayout } from '../../../shared/ui/page-layout';
import { RefusableButton } from '../../../shared/ui/refusable-button';
import { useOffer } from '../../../shared/ui/offer';
import { lazyNamed } from '../../../shared/ui/lazy-named';
import { NextStepCard } from '../components/next-step-card';
import { SupportVisitsNote } from '../components/support-visits-note';

const CreateEstateDialog = lazyNamed(
  () => import('../components/create-estate-dialog'),
  'CreateEstateDialog',
);

/**
 * `/i/`: the estate's front page. Without an estate it welcomes the person and offers to start
 * one; with one it shows the estate, the person's roles and the stage. The item list replaces the
 * middle of this page in a later issue.
 */
export function EstateHomePage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const [creating, setCreating] = useState(false);
  const estate = currentMembership(me);
  const offer = useOffer(estate?.stage ?? 0);

  if (!me) return null;

  if (!estate) {
    return (
      <PageLayout title={t('estates.welcome', { name: me.user.firstName })}>
        <Card variant="outlined">
          <EmptyState
            icon={<HomeWork />}
            title={t('estates.empty.title')}
            action={
              <Button variant="contained" size="large" startIcon={<Add />} onClick={() => setCreating(true)}>
                {t('estates.create.button')}
              </Button>
            }
          >
            <Typography sx={{ mb: 1 }}>{t('estates.empty.invited')}</Typography>
            <Typography>{t('estates.empty.organiser')}</Typography>
          </EmptyState>
        </Card>
        {creating && (
          <Suspense fallback={null}>
            <CreateEstateDialog open onClose={() => setCreating(false)} />
          </Suspense>
        )}
      </PageLayout>
    );
  }

  const policy = policyFor(actorOf(me, estate));
  const invite = offer(policy.decide('member.invite'));
  // Those who run this estate are offered another; anyone signed in may start one from the menu.
  const runsEstate = policy.can('estate.update');
  const roleNames = estate.roles.filter(isRoleCode).map((role) => t(`roles.${ROLE_KEYS[role]}.name`));

  return (
    <PageLayout
      title={estate.estateName}
      subtitle={t('estates.home.subtitle')}
      actions={
        runsEstate && (
          <Button variant="outlined" startIcon={<Add />} onClick={() => setCreating(true)}>
            {t('estates.create.another')}
          </Button>
        )
      }
    >
      <NextStepCard estateId={estate.estateId} stage={estate.stage} />
      <SupportVisitsNote estateId={estate.estateId} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        <Card variant="outlined">
          <CardContent>
            <Typography component="h2" variant="h4" sx={{ mb: 1 }}>
              {t('estates.home.stage')}
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>
              {t(`stage.${estate.stage}.name`, { ns: 'stages' })}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }} dir="auto">
              {t(`stage.${estate.stage}.help`, { ns: 'stages' })}
            </Typography>
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardContent>
            <Typography component="h2" variant="h4" sx={{ mb: 1 }}>
              {t('estates.home.yourRoles')}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1.5 }}>
              {roleNames.map((name) => (
                <Chip key={name} label={name} color="primary" variant="outlined" />
              ))}
            </Stack>
            <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Button component={RouterLink} to="/members" startIcon={<People />}>
                {t('estates.home.seeMembers')}
              </Button>
              {invite.shown &&
                (invite.refusal ? (
                  <RefusableButton startIcon={<PersonAdd />} refusal={invite.refusal}>
                    {t('estates.home.invite')}
                  </RefusableButton>
                ) : (
                  <Button component={RouterLink} to="/trustee/users/all" startIcon={<PersonAdd />}>
                    {t('estates.home.invite')}
                  </Button>
                ))}
            </Stack>
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardContent>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
              <Inventory color="primary" aria-hidden="true" />
              <Typography component="h2" variant="h4">
                {t('estates.home.catalogue')}
              </Typography>
            </Stack>
            <Typography color="text.secondary" sx={{ mb: 1.5 }}>
              {t('catalogue:home.text')}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button component={RouterLink} to={`/p/${estate.estateId}/i`} variant="contained">
                {t('catalogue:home.items')}
              </Button>
              <Button component={RouterLink} to={`/p/${estate.estateId}/l`} variant="outlined">
                {t('catalogue:home.locations')}
              </Button>
              {policy.can('participation.view') && (
                <Button component={RouterLink} to="/my-items" variant="outlined" startIcon={<Favorite />}>
                  {t('process:nav.myItems')}
                </Button>
              )}
            </Stack>
          </CardContent>
        </Card>
      </Box>
      {creating && (
        <Suspense fallback={null}>
          <CreateEstateDialog open onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </PageLayout>
  );
}
