import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import { holdsTrusteeRole } from '@estate/domain/members';
import { ROLE_KEYS, Role, isRoleCode } from '@estate/domain/roles';
import type { Directory, DirectoryMember, MemberGroup } from '@estate/domain/schemas/people';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { usePolicy } from '../../../shared/session/actor';
import { useSession } from '../../../shared/session/session-context';
import { notify } from '../../../shared/ui/notify';
import { TextInput } from '../../../shared/ui/text-input';
import { useDeleteGroup, useSetStar } from '../directory-api';
import { ConfirmDialog } from './confirm-dialog';
import { GroupDialog } from './group-dialog';
import { MemberAvatar } from './member-avatar';

/** The seed's participant lists ("all", "trustees", "beneficiaries", "starred") and the viewer's groups ("group:<id>"). */
export const DIRECTORY_FILTERS = ['all', 'trustees', 'beneficiaries', 'starred'] as const;
export type DirectoryFilter = (typeof DIRECTORY_FILTERS)[number] | `group:${string}`;

export function isDirectoryFilter(value: string | undefined | null): value is DirectoryFilter {
  return (DIRECTORY_FILTERS as readonly string[]).includes(value ?? '') || Boolean(value?.startsWith('group:'));
}

function inFilter(member: DirectoryMember, filter: DirectoryFilter, groups: MemberGroup[]): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'trustees':
      return holdsTrusteeRole(member.roles);
    case 'beneficiaries':
      return member.roles.includes(Role.Beneficiary);
    case 'starred':
      return member.starred;
    default:
      return groups.find((g) => `group:${g.id}` === filter)?.memberIds.includes(member.id) ?? false;
  }
}

type Props = {
  estateId: string;
  directory: Directory;
  filter: DirectoryFilter;
  onFilter: (filter: DirectoryFilter) => void;
  /** Where a member's name leads (trustees: their page); plain text otherwise. */
  memberPath?: (memberId: string) => string;
};

/**
 * The estate's people (seed "participants"): lists by role, the viewer's stars and groups, a search,
 * and each person's roles and family links (who receives items through whom).
 */
export function DirectoryView({ estateId, directory, filter, onFilter, memberPath }: Props) {
  const { t } = useTranslation();
  const { me } = useSession();
  const policy = usePolicy(estateId);
  const canOrganise = policy.can('member.star');
  const setStar = useSetStar(estateId);
  const deleteGroup = useDeleteGroup(estateId);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<MemberGroup | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MemberGroup | null>(null);

  const names = useMemo(() => new Map(directory.members.map((m) => [m.id, m.displayName])), [directory.members]);
  const receivesFor = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const m of directory.members) {
      if (m.receivesThrough) map.set(m.receivesThrough, [...(map.get(m.receivesThrough) ?? []), m.displayName]);
    }
    return map;
  }, [directory.members]);
  const group = directory.groups.find((g) => `group:${g.id}` === filter);
  const needle = search.trim().toLocaleLowerCase();
  const shown = directory.members.filter(
    (m) => inFilter(m, group || !filter.startsWith('group:') ? filter : 'all', directory.groups) && (!needle || m.displayName.toLocaleLowerCase().includes(needle)),
  );
  const count = (f: DirectoryFilter) => directory.members.filter((m) => inFilter(m, f, directory.groups)).length;

  const star = (member: DirectoryMember) =>
    setStar.mutate(
      { memberId: member.id, starred: !member.starred },
      { onError: (error) => notify(errorMessage(error, t), 'error') },
    );

  const filterButton = (value: DirectoryFilter, label: string) => {
    const selected = filter === value || (value === 'all' && filter.startsWith('group:') && !group);
    return (
      <Button
        key={value}
        variant={selected ? 'contained' : 'outlined'}
        aria-pressed={selected}
        onClick={() => onFilter(value)}
        sx={{ minHeight: 48 }}
      >
        {label}
        <Box component="span" sx={{ marginInlineStart: 1, fontWeight: 400 }}>
          {count(value)}
        </Box>
      </Button>
    );
  };

  const emptyText =
    directory.members.length === 0
      ? t('people:directory.empty')
      : needle
        ? t('people:directory.noMatch', { text: search.trim() })
        : filter === 'starred'
          ? t('people:directory.emptyStarred')
          : t('people:directory.emptyFilter');

  return (
    <Stack spacing={2}>
      <Box component="nav" aria-label={t('people:directory.filtersLabel')}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {DIRECTORY_FILTERS.map((f) => filterButton(f, t(`people:directory.filters.${f}`)))}
          {directory.groups.map((g) => filterButton(`group:${g.id}`, g.name))}
          {canOrganise && (
            <Button startIcon={<Add />} onClick={() => setEditing('new')} sx={{ minHeight: 48 }}>
              {t('people:directory.newGroup')}
            </Button>
          )}
        </Box>
        {canOrganise && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('people:directory.private')}
          </Typography>
        )}
      </Box>

      {group && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setEditing(group)} sx={{ minHeight: 48 }}>
            {t('people:directory.editGroup')}
          </Button>
          <Button color="error" startIcon={<DeleteOutline />} onClick={() => setDeleting(group)} sx={{ minHeight: 48 }}>
            {t('people:directory.deleteGroup')}
          </Button>
        </Box>
      )}

      <Box sx={{ maxWidth: 420 }}>
        <TextInput label={t('people:directory.search')} type="search" value={search} onChange={(event) => setSearch(event.target.value)} autoComplete="off" />
      </Box>

      <Typography role="status" color="text.secondary">
        {t('people:directory.count', { count: shown.length })}
      </Typography>

      {shown.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography>{emptyText}</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <List aria-label={t('people:directory.title')} disablePadding>
            {shown.map((member) => {
              const parent = member.receivesThrough ? names.get(member.receivesThrough) : undefined;
              const children = receivesFor.get(member.id);
              const self = member.id === me?.user.id;
              const path = memberPath?.(member.id);
              return (
                <ListItem key={member.id} divider sx={{ alignItems: 'flex-start', gap: 2, py: 1.5, '&:last-child': { borderBottom: 0 } }}>
                  <MemberAvatar name={member.displayName} url={member.avatarUrl} />
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {path ? (
                        <Link component={RouterLink} to={path} aria-label={t('people:directory.open', { name: member.displayName })}>
                          {member.displayName}
                        </Link>
                      ) : (
                        member.displayName
                      )}
                      {self && (
                        <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary', marginInlineStart: 1 }}>
                          {t('people:directory.you')}
                        </Box>
                      )}
                    </Typography>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, my: 0.75 }}>
                      {member.roles.filter(isRoleCode).map((role) => (
                        <Chip key={role} label={t(`roles.${ROLE_KEYS[role]}.name`)} variant="outlined" sx={{ fontSize: '0.875rem' }} />
                      ))}
                    </Box>
                    {parent && <Typography color="text.secondary">{t('people:directory.receivesThrough', { name: parent })}</Typography>}
                    {children && <Typography color="text.secondary">{t('people:directory.receivesFor', { names: children.join(', ') })}</Typography>}
                  </Box>
                  {canOrganise && (
                    <IconButton
                      onClick={() => star(member)}
                      aria-pressed={member.starred}
                      aria-label={member.starred ? t('people:directory.unstar', { name: member.displayName }) : t('people:directory.star', { name: member.displayName })}
                      sx={{ width: 48, height: 48, color: member.starred ? 'warning.dark' : 'text.secondary' }}
                    >
                      {member.starred ? <Star /> : <StarBorder />}
                    </IconButton>
                  )}
                </ListItem>
              );
            })}
          </List>
        </Paper>
      )}

      {editing && (
        <GroupDialog
          estateId={estateId}
          members={directory.members}
          group={editing === 'new' ? undefined : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) onFilter(`group:${saved.id}`);
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('people:directory.deleteGroupTitle', { name: deleting.name })}
          body={t('people:directory.deleteGroupBody')}
          confirmLabel={t('people:directory.deleteGroup')}
          busy={deleteGroup.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={async () => {
            try {
              await deleteGroup.mutateAsync(deleting.id);
              notify(t('people:directory.groupDeleted'), 'success');
              setDeleting(null);
              onFilter('all');
            } catch (error) {
              notify(errorMessage(error, t), 'error');
            }
          }}
        />
      )}
    </Stack>
  );
}
