import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SettlementAnswer, SettlementItem, SettlementPerson } from '@estate/domain/schemas/settlement';
import { MAX_SETTLEMENT_WEIGHT } from '@estate/domain/schemas/settlement';
import { Stage, isStageCode } from '@estate/domain/stages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { errorMessage } from '../../../shared/api/error-message';
import { useEstateStage } from '../../../shared/api/estate-stage';
import { currentMembership } from '../../../shared/session/current-estate';
import { actorOf, policyFor } from '../../../shared/session/actor';
import { useSession } from '../../../shared/session/session-context';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageLayout } from '../../../shared/ui/page-layout';
import { RefusableButton } from '../../../shared/ui/refusable-button';
import { useOffer } from '../../../shared/ui/offer';
import { notify } from '../../../shared/ui/notify';
import { useSetWeights, useSettlement } from '../api';
import { formatMinor, isolate } from '../money';
import { ownSentence } from '../sentence';

type Money = (minor: number) => string;

function Figure({ value, label }: { value: string | number; label: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Typography sx={{ fontSize: { xs: '1.05rem', sm: '1.3rem' }, fontWeight: 700, overflowWrap: 'anywhere' }}>
        {/* An amount stays one piece ("10,580.50 US$" in Arabic), breaking only where nothing else fits. */}
        <bdi>{String(value).replace(/ /g, '\u00a0')}</bdi>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Paper>
  );
}

function Totals({ answer, money }: { answer: SettlementAnswer; money: Money }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-label={t('settlement:totals.label')} sx={{ mb: 3 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fit, minmax(190px, 1fr))' }, gap: 1.5, mb: 1 }}>
        <Figure value={money(answer.pool)} label={t('settlement:totals.pool')} />
        <Figure value={money(answer.totals.inKind)} label={t('settlement:totals.inKind')} />
        <Figure value={money(answer.proceeds)} label={t('settlement:totals.proceeds')} />
        <Figure value={answer.totals.receivers} label={t('settlement:totals.receivers')} />
      </Box>
      <Typography color="text.secondary">{t(answer.weights === 'equal' ? 'settlement:totals.equal' : 'settlement:totals.set')}</Typography>
    </Box>
  );
}

function balanceText(balance: number, money: Money, t: ReturnType<typeof useTranslation>['t']) {
  if (balance > 0) return t('settlement:table.receives', { amount: money(balance) });
  if (balance < 0) return t('settlement:table.pays', { amount: money(-balance) });
  return t('settlement:table.even');
}

/** Every row: a table on a wide screen, one card per person on a phone. */
function People({ people, money, name }: { people: SettlementPerson[]; money: Money; name: (id: string) => string }) {
  const { t } = useTranslation();
  // A phone (390 px): one card per person instead of a table that would scroll sideways.
  const narrow = useMediaQuery('(max-width: 599.95px)');
  if (narrow) {
    return (
      <Box component="ul" aria-label={t('settlement:table.label')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {people.map((p) => (
          <Paper component="li" key={p.memberId} variant="outlined" sx={{ p: 2 }} data-testid="settlement-card">
            <Typography sx={{ fontWeight: 700, mb: 1 }} dir="auto">
              {name(p.memberId)}
            </Typography>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, '& dd': { m: 0, textAlign: 'end' } }}>
              <dt>{t('settlement:table.weight')}</dt>
              <dd>{p.weight}</dd>
              <dt>{t('settlement:table.items')}</dt>
              <dd>{p.items}</dd>
              <dt>{t('settlement:table.received')}</dt>
              <dd>
                <bdi>{money(p.inKind)}</bdi>
              </dd>
              <dt>{t('settlement:table.share')}</dt>
              <dd>
                <bdi>{money(p.target)}</bdi>
              </dd>
              <dt>{t('settlement:table.balance')}</dt>
              <dd style={{ fontWeight: 700 }}>{balanceText(p.balance, money, t)}</dd>
            </Box>
          </Paper>
        ))}
      </Box>
    );
  }
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('settlement:table.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('settlement:table.person')}</TableCell>
            <TableCell align="right">{t('settlement:table.weight')}</TableCell>
            <TableCell align="right">{t('settlement:table.items')}</TableCell>
            <TableCell align="right">{t('settlement:table.received')}</TableCell>
            <TableCell align="right">{t('settlement:table.share')}</TableCell>
            <TableCell align="right">{t('settlement:table.balance')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {people.map((p) => (
            <TableRow key={p.memberId}>
              <TableCell dir="auto">{name(p.memberId)}</TableCell>
              <TableCell align="right">{p.weight}</TableCell>
              <TableCell align="right">{p.items}</TableCell>
              <TableCell align="right">
                <bdi>{money(p.inKind)}</bdi>
              </TableCell>
              <TableCell align="right">
                <bdi>{money(p.target)}</bdi>
              </TableCell>
              <TableCell align="right">{balanceText(p.balance, money, t)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Payments({ answer, money, name }: { answer: SettlementAnswer; money: Money; name: (id: string) => string }) {
  const { t } = useTranslation();
  const payer = (id: string) => (id === 'estate' ? t('settlement:payments.estate') : name(id));
  return (
    <Box component="section" aria-label={t('settlement:payments.title')} sx={{ mt: 3 }}>
      <Typography component="h2" variant="h3" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {t('settlement:payments.title')}
      </Typography>
      {answer.payments.length === 0 ? (
        <Typography>{t('settlement:payments.none')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, ps: 3 }}>
          {answer.payments.map((p) => (
            <Typography component="li" key={`${p.from}-${p.to}`} sx={{ mb: 0.5, overflowWrap: 'anywhere' }}>
              {t('settlement:payments.label', { from: isolate(payer(p.from)), to: isolate(name(p.to)) })}: <bdi style={{ fontWeight: 700 }}>{money(p.amount)}</bdi>
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** Items not valued, in another currency, or to be sold: listed with their number and name, never counted silently. */
function ListedApart({ answer, name }: { answer: SettlementAnswer; name: (id: string) => string }) {
  const { t, i18n } = useTranslation();
  const groups: { title: string; items: SettlementItem[] }[] = [
    { title: t('settlement:apart.notValued'), items: answer.notValued },
    ...answer.otherCurrencies.map((c) => ({ title: t('settlement:apart.otherCurrency', { currency: c.currency }), items: c.items })),
    { title: t('settlement:apart.awaitingSale'), items: answer.awaitingSale },
  ].filter((g) => g.items.length > 0);
  return (
    <Box component="section" aria-label={t('settlement:apart.title')} sx={{ mt: 3 }}>
      <Typography component="h2" variant="h3" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {t('settlement:apart.title')}
      </Typography>
      {groups.length === 0 ? (
        <Typography>{t('settlement:apart.none', { currency: answer.currency })}</Typography>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('settlement:apart.explain')}
          </Typography>
          {groups.map((g) => (
            <Box key={g.title} sx={{ mb: 1.5 }}>
              <Typography component="h3" sx={{ fontWeight: 700 }}>
                {g.title}
              </Typography>
              <Box component="ul" sx={{ m: 0, ps: 3 }}>
                {g.items.map((i) => (
                  <Typography component="li" key={i.itemId} sx={{ overflowWrap: 'anywhere' }}>
                    <bdi>{i.label}</bdi> · <bdi>{i.name}</bdi>
                    {i.receiverId && (
                      <>
                        {' · '}
                        <bdi>{name(i.receiverId)}</bdi>
                      </>
                    )}
                    {i.value !== null && i.currency !== answer.currency && (
                      <>
                        {' · '}
                        <bdi>{formatMinor(i.value, i.currency, i18n.language)}</bdi>
                      </>
                    )}
                  </Typography>
                ))}
              </Box>
            </Box>
          ))}
        </>
      )}
    </Box>
  );
}

const WHOLE = /^\d+$/;

/** The trustee's shares: edited in place, saved after a confirmation; each change is in the activity log. */
function WeightsEditor({ estateId, answer, name, refusal }: { estateId: string; answer: SettlementAnswer; name: (id: string) => string; refusal: string | null }) {
  const { t } = useTranslation();
  const save = useSetWeights(estateId);
  const [draft, setDraft] = useState<Record<string, string> | null>(null);
  const [confirming, setConfirming] = useState(false);
  const valid = (text: string) => WHOLE.test(text.trim()) && Number(text) >= 1 && Number(text) <= MAX_SETTLEMENT_WEIGHT;
  const allValid = draft !== null && answer.people.every((p) => valid(draft[p.memberId] ?? ''));
  const start = () => setDraft(Object.fromEntries(answer.people.map((p) => [p.memberId, String(p.weight)])));
  const submit = () =>
    draft &&
    save.mutate(
      { weights: answer.people.map((p) => ({ memberId: p.memberId, weight: Number(draft[p.memberId]) })) },
      {
        onSuccess: () => {
          setConfirming(false);
          setDraft(null);
          notify(t('settlement:weights.saved'), 'success');
        },
        onError: (e) => {
          setConfirming(false);
          notify(errorMessage(e, t), 'error');
        },
      },
    );
  return (
    <Paper variant="outlined" component="section" aria-label={t('settlement:weights.title')} sx={{ p: 2, mt: 3 }}>
      <Typography component="h2" variant="h3" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {t('settlement:weights.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {t('settlement:weights.explain')}
      </Typography>
      {draft === null ? (
        <RefusableButton variant="outlined" refusal={refusal} onClick={start} disabled={answer.people.length === 0}>
          {t('settlement:weights.edit')}
        </RefusableButton>
      ) : (
        <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); if (allValid) setConfirming(true); }} sx={{ display: 'grid', gap: 1.5 }}>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}>
            {answer.people.map((p) => {
              const text = draft[p.memberId] ?? '';
              return (
                <TextField
                  key={p.memberId}
                  label={t('settlement:weights.label', { name: name(p.memberId) })}
                  value={text}
                  onChange={(e) => setDraft({ ...draft, [p.memberId]: e.target.value })}
                  error={!valid(text)}
                  helperText={valid(text) ? ' ' : t('settlement:weights.invalid')}
                  slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
                />
              );
            })}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button type="submit" variant="contained" disabled={!allValid} sx={{ minHeight: 48 }}>
              {t('settlement:weights.save')}
            </Button>
            <Button onClick={() => setDraft(null)} sx={{ minHeight: 48 }}>
              {t('settlement:weights.cancel')}
            </Button>
          </Box>
        </Box>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="settlement-confirm-title">
        <DialogTitle id="settlement-confirm-title">{t('settlement:weights.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('settlement:weights.confirmText')}</DialogContentText>
          {draft && (
            <Box component="ul" sx={{ mt: 1, ps: 3 }}>
              {answer.people.map((p) => (
                <li key={p.memberId}>
                  <bdi>{name(p.memberId)}</bdi>: {draft[p.memberId]}
                </li>
              ))}
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} sx={{ minHeight: 48 }}>
            {t('settlement:weights.cancel')}
          </Button>
          <Button variant="contained" onClick={submit} disabled={save.isPending} sx={{ minHeight: 48 }}>
            {t('settlement:weights.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

/**
 * `/reports/settlement` and `/trustee/reports/settlement`: the settlement statement (distribution.md
 * "Settlement"). Trustees and observers read every row (the trustee may set the shares); a
 * beneficiary reads one plain sentence about their own share, and the estate's totals.
 */
export function SettlementPage() {
  const { t, i18n } = useTranslation();
  const { me } = useSession();
  const membership = currentMembership(me);
  const estateId = membership?.estateId ?? null;
  const stageInfo = useEstateStage(estateId);
  const stageNow = stageInfo.data?.stage ?? membership?.stage ?? 0;
  const stage = isStageCode(stageNow) ? stageNow : Stage.Initial;
  const policy = policyFor(actorOf(me, membership ? { ...membership, stage } : null));
  const offer = useOffer(stage);
  const viewing = policy.decide('settlement.view');
  const settlement = useSettlement(estateId, viewing.ok);
  const answer = settlement.data;
  const money: Money = (minor) => formatMinor(minor, answer?.currency ?? 'USD', i18n.language);
  const name = (id: string) => (id === me?.user.id ? t('settlement:you') : (answer?.names[id] ?? answer?.people.find((p) => p.memberId === id)?.displayName ?? '…'));
  const weights = offer(policy.decide('settlement.weights'));

  return (
    <PageLayout title={t('settlement:title')} subtitle={t('settlement:subtitle')} maxWidth={1000}>
      {!membership && <EmptyState title={t('process:common.noEstate')} />}
      {membership && !viewing.ok && (
        viewing.reason === 'stage' ? (
          <EmptyState title={t('settlement:notYet.title')}>{t('settlement:notYet.text', { stage: t(`stages:stage.${Stage.AssignmentCompleted}.name`) })}</EmptyState>
        ) : (
          <EmptyState title={t('settlement:notForYou')} />
        )
      )}
      {settlement.isPending && viewing.ok && <FullPageLoader />}
      {settlement.isError && <Alert severity="info">{errorMessage(settlement.error, t)}</Alert>}
      {answer && estateId && (
        <>
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('settlement:suggestion')}
          </Alert>
          {answer.scope === 'own' && (
            <Paper variant="outlined" component="section" aria-label={t('settlement:plain.title')} sx={{ p: 2.5, mb: 3 }}>
              <Typography component="h2" variant="h3" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
                {t('settlement:plain.title')}
              </Typography>
              <Typography sx={{ fontSize: '1.125rem' }} dir="auto" data-testid="settlement-sentence">
                {ownSentence(answer, me?.user.id ?? '', t, i18n.language) ?? t('settlement:plain.noRow')}
              </Typography>
              {answer.people[0] && answer.weights === 'set' && (
                <Typography color="text.secondary" sx={{ mt: 1 }}>
                  {t('settlement:totals.yourPart', { weight: answer.people[0].weight, total: answer.totals.weight })}
                </Typography>
              )}
            </Paper>
          )}
          <Typography sx={{ mb: 2 }}>{t('settlement:how')}</Typography>
          <Totals answer={answer} money={money} />
          {answer.scope === 'full' && (
            <>
              <People people={answer.people} money={money} name={name} />
              <Payments answer={answer} money={money} name={name} />
            </>
          )}
          <ListedApart answer={answer} name={name} />
          {answer.scope === 'full' && weights.shown && <WeightsEditor estateId={estateId} answer={answer} name={name} refusal={weights.refusal} />}
          {answer.scope === 'full' && stage < Stage.Finalizing && (
            <Typography color="text.secondary" sx={{ mt: 3 }}>
              {t('settlement:download', { stage: t(`stages:stage.${Stage.Finalizing}.name`) })}
            </Typography>
          )}
        </>
      )}
    </PageLayout>
  );
}
