import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { verifyInclusion } from '@estate/domain/draw/input-commitment';
import { useInputCommitments, useMyInputProofs } from '../api/input-commitments';
import { formatDate } from '../i18n/format';
import { useTranslation } from '../i18n/use-translation';
import { usePolicy } from '../session/actor';
import { currentMembership } from '../session/current-estate';
import { useSession } from '../session/session-context';

/** The stages whose seal holds choices: hearts (11), rankings (20), tokens (30). */
const CHOICE_STAGES = [11, 20, 30] as const;

/**
 * "Your choices were counted": a beneficiary's own hearts, rankings and tokens, with their salt and
 * Merkle proof, are checked in this browser, with the domain's own functions, against the root every
 * member was shown when the choices were sealed (distribution.md, "Privacy of inputs"). It says so
 * only once the proof verifies; nothing of anyone else's choices is needed or shown.
 */
export function InputsCounted() {
  const { t, i18n } = useTranslation();
  const { me } = useSession();
  const estateId = currentMembership(me)?.estateId ?? null;
  const allowed = usePolicy().can('inputs.commitment.mine');
  const list = useInputCommitments(estateId, allowed);
  const sealed = useMemo(
    () =>
      (list.data?.commitments ?? []).filter((c) => (CHOICE_STAGES as readonly number[]).includes(c.stage)),
    [list.data],
  );
  const proofs = useMyInputProofs(
    allowed ? estateId : null,
    sealed.map((c) => c.stage),
  );
  // A few hashes over the person's own lines: cheap enough to check on every render.
  const results = sealed.map((c, k) => {
    const proof = proofs[k]?.data;
    // undefined: still loading; null: they had no choices in that seal (e.g. they joined later).
    if (proof === undefined || proof === null) return { ...c, counted: proof };
    const counted =
      proof.inputCommitment === c.inputCommitment && verifyInclusion({ ...proof, root: c.inputCommitment });
    return { ...c, counted };
  });

  if (!allowed || sealed.length === 0) return null;
  if (results.some((r) => r.counted === undefined)) {
    if (proofs.some((p) => p.isError)) return null;
    return (
      <Typography color="text.secondary" sx={{ mb: 2 }} aria-live="polite">
        {t('process:inputs.checking')}
      </Typography>
    );
  }
  const checked = results.filter((r) => r.counted !== null);
  if (checked.length === 0) return null;
  if (checked.some((r) => !r.counted)) {
    return (
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="inputs-counted">
        {t('process:inputs.mismatch')}
      </Alert>
    );
  }
  return (
    <Alert severity="success" sx={{ mb: 2 }} data-testid="inputs-counted">
      <AlertTitle>{t('process:inputs.counted')}</AlertTitle>
      {t('process:inputs.countedText')}
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
        {checked.map((r) => (
          <li key={r.stage}>
            {t(`process:inputs.sealed.${r.stage}`, { date: formatDate(r.frozenAt, i18n.language, true) })}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
