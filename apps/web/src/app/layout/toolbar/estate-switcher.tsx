import { Suspense, useId, useState } from 'react';
import Button from '@mui/material/Button';
import HomeWork from '@mui/icons-material/HomeWorkOutlined';
import UnfoldMore from '@mui/icons-material/UnfoldMore';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { currentMembership } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';
import { useSettings } from '../../../shared/settings/settings-context';
import { lazyNamed } from '../../../shared/ui/lazy-named';

const CreateEstateDialog = lazyNamed(
  () => import('../../../features/estates/components/create-estate-dialog'),
  'CreateEstateDialog',
);
// The open menu loads on first use: its code is not part of every page's first load (ADR 0030).
const EstateSwitcherList = lazyNamed(() => import('./estate-switcher-list'), 'EstateSwitcherList');

/** Switch between the estates the person belongs to, or start a new one. */
export function EstateSwitcher({ fullWidth }: { fullWidth?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { me } = useSession();
  const { update } = useSettings();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [creating, setCreating] = useState(false);
  const menuId = useId();
  if (!me) return null;
  const current = currentMembership(me);

  return (
    <>
      <Button
        color="inherit"
        variant={fullWidth ? 'outlined' : 'text'}
        fullWidth={fullWidth}
        startIcon={<HomeWork />}
        endIcon={<UnfoldMore />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        aria-label={t('estates.switcher.label', { name: current?.estateName ?? t('estates.switcher.none') })}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ justifyContent: 'space-between', maxWidth: fullWidth ? undefined : 340, minWidth: 0 }}
      >
        <span
          dir="auto"
          style={{
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            flexGrow: 1,
            textAlign: 'start',
          }}
        >
          {current?.estateName ?? t('estates.switcher.none')}
        </span>
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <EstateSwitcherList
            id={menuId}
            anchor={anchor}
            onClose={() => setAnchor(null)}
            estates={me.memberships}
            currentId={current?.estateId}
            onPick={(estateId) => {
              setAnchor(null);
              update({ currentEstateId: estateId });
              void navigate('/i/');
            }}
            onCreate={() => {
              setAnchor(null);
              setCreating(true);
            }}
          />
        </Suspense>
      )}
      {creating && (
        <Suspense fallback={null}>
          <CreateEstateDialog open onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </>
  );
}
