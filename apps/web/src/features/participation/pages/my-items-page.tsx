import { Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { formatDate } from '../../../shared/i18n/format';
import { currentMembership } from '../../../shared/session/current-estate';
import { actorOf, policyFor } from '../../../shared/session/actor';
import { useEstateStage } from '../../../shared/api/estate-stage';
import { useSession } from '../../../shared/session/session-context';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageLayout } from '../../../shared/ui/page-layout';
import { notify } from '../../../shared/ui/notify';
import { useConsentNeeded } from '../../../shared/api/consent';
import { ConsentCard } from '../../../shared/consent/consent-card';
import { useMarkDone, useMyItems } from '../api';
import { AssignedTab } from '../components/assigned-tab';
import { HeartedTab } from '../components/hearted-tab';
import { TokensTab } from '../components/tokens-tab';
import { Stage } from '@estate/domain/stages';
import { lazyNamed } from '../../../shared/ui/lazy-named';

// The ranking (with its drag and drop) and the hand-over tabs load when opened: each belongs to a
// few stages only, and the page's first load stays within its budget.
const RankingTab = lazyNamed(() => import('../components/ranking-tab'), 'RankingTab');
const HandoverTab = lazyNamed(() => import('../components/handover-tab'), 'HandoverTab');

type TabKey = 'hearted' | 'ranking' | 'tokens' | 'assigned' | 'handover';

/** The tab of the stage's own work: ranking and tokens in their stages, then results, then hand-over. */
function defaultTab(stage: number): TabKey {
  if (stage === Stage.Ranking) return 'ranking';
  if (stage === Stage.Tokens) return 'tokens';
  if (stage >= Stage.Distribution) return 'handover';
  if (stage >= Stage.AssignRemaining) return 'assigned';
  return 'hearted';
}

/** `/my-items`: what I hearted, ranked, placed tokens on and received, and "I'm done". */
export function MyItemsPage() {
  const { t, i18n } = useTranslation();
  const { me } = useSession();
  const membership = currentMembership(me);
  const estateId = membership?.estateId ?? null;
  const stageInfo = useEstateStage(estateId);
  const myItems = useMyItems(estateId);
  const markDone = useMarkDone(estateId ?? '');
  // Before the Terms and the Agreement are accepted, the page leads there instead of taking input.
  const consentNeeded = useConsentNeeded(estateId);
  const stage = stageInfo.data?.stage ?? membership?.stage ?? 0;
  const [search] = useSearchParams();
  const asked = search.get('tab');
  const [chosen, setChosen] = useState<TabKey | null>(
    asked === 'hearted' ||
      asked === 'ranking' ||
      asked === 'tokens' ||
      asked === 'assigned' ||
      asked === 'handover'
      ? asked
      : null,
  );
  const tab = chosen ?? defaultTab(stage);

  if (!membership || !estateId) {
    return (
      <PageLayout title={t('process:myItems.title')}>
        <EmptyState title={t('process:common.noEstate')} />
      </PageLayout>
    );
  }
  // Asked with the stage shown on this page (the server's, live).
  const policy = policyFor(actorOf(me, { ...membership, stage }));
  const data = myItems.data;
  const doneHere = data?.done?.stage === stage;
  // "Done" is said of the stage the estate is in (the server reads it from the path).
  const canDone = policy.can('participation.done', { stage });

  return (
    <PageLayout title={t('process:myItems.title')} subtitle={t(`stages:stage.${stage}.name`)} maxWidth={760}>
      <ConsentCard estateId={estateId} />
      {myItems.isPending && <FullPageLoader />}
      {myItems.isError && <Alert severity="error">{errorMessage(myItems.error, t)}</Alert>}
      {data && (
        <>
          {data.deadline && data.deadline.stage === stage && (
            <Alert severity={data.deadline.passed ? 'warning' : 'info'} sx={{ mb: 2 }}>
              {t(data.deadline.passed ? 'process:myItems.deadlinePassed' : 'process:myItems.deadline', {
                date: formatDate(data.deadline.dueAt, i18n.language, true),
              })}
            </Alert>
          )}
          {canDone &&
            (doneHere ? (
              <Alert severity="success" sx={{ mb: 2 }}>
                {t('process:myItems.doneAt', { date: formatDate(data.done?.doneAt, i18n.language, true) })}
              </Alert>
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {t('process:myItems.doneHint')}
              </Typography>
            ))}
          <Tabs
            value={tab}
            onChange={(_, value: TabKey) => setChosen(value)}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            <Tab value="hearted" label={t('process:myItems.tabs.hearted')} />
            <Tab value="ranking" label={t('process:myItems.tabs.ranking')} />
            <Tab value="tokens" label={t('process:myItems.tabs.tokens')} />
            <Tab value="assigned" label={t('process:myItems.tabs.assigned')} />
            {stage >= Stage.AssignmentCompleted && <Tab value="handover" label={t('handover:mine.tab')} />}
          </Tabs>
          {tab === 'hearted' && (
            <HeartedTab estateId={estateId} myItems={data} showAdvice={policy.can('advice.view')} />
          )}
          <Suspense fallback={null}>
            {tab === 'ranking' && (
              <RankingTab
                estateId={estateId}
                myItems={data}
                editable={policy.can('ranking.set') && !consentNeeded}
              />
            )}
            {tab === 'tokens' && (
              <TokensTab
                estateId={estateId}
                editable={policy.can('tokens.set') && !consentNeeded}
                lockedReason={consentNeeded && policy.can('tokens.set') ? t('consent:card.title') : undefined}
              />
            )}
            {tab === 'assigned' && (
              <AssignedTab
                assigned={data.assigned}
                ask={{ estateId, decision: policy.decide('question.ask') }}
              />
            )}
            {tab === 'handover' && me && (
              <HandoverTab estateId={estateId} meId={me.user.id} policy={policy} />
            )}
          </Suspense>
          {canDone && !doneHere && (
            // Kept in view at the foot of the screen while the lists scroll (a long list on a phone
            // hid it above); it rests at the end of the page.
            <Box
              data-testid="done-bar"
              sx={{
                position: 'sticky',
                bottom: 0,
                zIndex: 2,
                mt: 3,
                mx: { xs: -2, sm: 0 },
                px: { xs: 2, sm: 0 },
                py: 1,
                pb: 'max(8px, env(safe-area-inset-bottom))',
                bgcolor: 'background.default',
                borderTop: 1,
                borderColor: 'divider',
              }}
            >
              {markDone.isError && (
                <Alert severity="warning" sx={{ mb: 1 }}>
                  {errorMessage(markDone.error, t)}
                </Alert>
              )}
              <Button
                variant="contained"
                onClick={() => markDone.mutate(stage, { onSuccess: () => notify(t('process:myItems.doneSaved'), 'success') })}
                disabled={markDone.isPending}
                sx={{ minHeight: 48, width: { xs: '100%', sm: 'auto' }, minWidth: { sm: 200 } }}
              >
                {t('process:myItems.done')}
              </Button>
            </Box>
          )}
        </>
      )}
    </PageLayout>
  );
}
