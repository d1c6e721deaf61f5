import { Suspense, useId, useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Add from '@mui/icons-material/Add';
import Check from '@mui/icons-material/Check';
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
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {me.memberships.map((membership) => (
          <MenuItem
            key={membership.estateId}
            selected={membership.estateId === current?.estateId}
            onClick={() => {
              setAnchor(null);
              update({ currentEstateId: membership.estateId });
              void navigate('/i/');
            }}
          >
            <ListItemIcon>
              {membership.estateId === current?.estateId ? <Check fontSize="small" /> : null}
            </ListItemIcon>
            <ListItemText>{membership.estateName}</ListItemText>
          </MenuItem>
        ))}
        {me.memberships.length > 0 && <Divider />}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setCreating(true);
          }}
        >
          <ListItemIcon>
            <Add fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('estates.create.button')}</ListItemText>
        </MenuItem>
      </Menu>
      {creating && (
        <Suspense fallback={null}>
          <CreateEstateDialog open onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </>
  );
}
