import { useId } from 'react';
import Box from '@mui/material/Box';
import Check from '@mui/icons-material/Check';
import DarkMode from '@mui/icons-material/DarkMode';
import FormatTextdirectionLToR from '@mui/icons-material/FormatTextdirectionLToR';
import FormatTextdirectionRToL from '@mui/icons-material/FormatTextdirectionRToL';
import LightMode from '@mui/icons-material/LightMode';
import SettingsBrightness from '@mui/icons-material/SettingsBrightness';
import ViewAgenda from '@mui/icons-material/ViewAgenda';
import ViewDay from '@mui/icons-material/ViewDay';
import ViewSidebar from '@mui/icons-material/ViewSidebar';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { Settings } from '@estate/domain/schemas/account';
import { LANGUAGES, THEMES } from '@estate/domain/settings';
import { LANGUAGE_NAMES } from '../../../shared/i18n/i18n';
import { useSession } from '../../../shared/session/session-context';
import { useSettings } from '../../../shared/settings/settings-context';
import { SIDE_PANEL_WIDTH } from '../../../shared/theme/layout-constants';
import { SidePanel } from './side-panel';

type ThemeName = (typeof THEMES)[number];
const REGIONS = ['main', 'navbar', 'toolbar', 'footer'] as const;

/** A scheme applies one look to every region at once. */
const SCHEMES: Record<'classic' | 'light' | 'dark', Settings['theme']> = {
  classic: { main: 'default', navbar: 'mainThemeLight', toolbar: 'mainThemeLight', footer: 'mainThemeDark' },
  light: {
    main: 'mainThemeLight',
    navbar: 'mainThemeLight',
    toolbar: 'mainThemeLight',
    footer: 'mainThemeLight',
  },
  dark: { main: 'mainThemeDark', navbar: 'mainThemeDark', toolbar: 'mainThemeDark', footer: 'mainThemeDark' },
};

const IDLE_CHOICES = [0, 5, 15, 30, 60] as const;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" sx={{ px: 2.5, py: 2 }}>
      <Typography component="h3" variant="h6" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Large, plain choices: one tap each, the chosen one marked (not by colour alone: a check mark). */
function BigChoices<T extends string>({ label, value, options, onChange }: { label: string; value: T | null; options: { value: T; label: string; Icon: typeof Check }[]; onChange: (value: T) => void }) {
  const id = useId();
  return (
    <Box component="section" sx={{ px: 2.5, py: 2 }}>
      <Typography id={id} component="h3" variant="h6" sx={{ mb: 1.5 }}>
        {label}
      </Typography>
      <ToggleButtonGroup
        exclusive
        fullWidth
        orientation="vertical"
        aria-labelledby={id}
        value={value}
        onChange={(_event, next: T | null) => next && onChange(next)}
      >
        {options.map(({ value: option, label: text, Icon }) => (
          <ToggleButton key={option} value={option} sx={{ minHeight: 56, justifyContent: 'flex-start', gap: 1.5, px: 2, fontSize: '1.0625rem', textTransform: 'none', color: 'text.primary' }}>
            <Icon aria-hidden />
            <Box component="span" sx={{ flexGrow: 1, textAlign: 'start' }}>
              {text}
            </Box>
            {option === value && <Check aria-hidden color="primary" />}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}

type Look = 'light' | 'dark' | 'system';

/** Colours, layout and text direction for everyone, saved to their profile (guests: this browser). */
function EveryonesChoices() {
  const { t } = useTranslation();
  const { settings, update } = useSettings();
  const dark = JSON.stringify(settings.theme) === JSON.stringify(SCHEMES.dark);
  const look: Look = settings.followSystem ? 'system' : dark ? 'dark' : 'light';
  const chooseLook = (next: Look) =>
    update(next === 'system' ? { followSystem: true, theme: SCHEMES.classic } : { followSystem: false, theme: next === 'dark' ? SCHEMES.dark : SCHEMES.classic });
  return (
    <>
      <BigChoices<Look>
        label={t('settings.look')}
        value={look}
        onChange={chooseLook}
        options={[
          { value: 'light', label: t('settings.looks.light'), Icon: LightMode },
          { value: 'dark', label: t('settings.looks.dark'), Icon: DarkMode },
          { value: 'system', label: t('settings.looks.system'), Icon: SettingsBrightness },
        ]}
      />
      <Divider />
      <BigChoices<Settings['layoutStyle']>
        label={t('settings.layout')}
        value={settings.layoutStyle}
        onChange={(layoutStyle) => update({ layoutStyle })}
        options={[
          { value: 'layout1', label: t('settings.layouts.layout1'), Icon: ViewSidebar },
          { value: 'layout2', label: t('settings.layouts.layout2'), Icon: ViewDay },
          { value: 'layout3', label: t('settings.layouts.layout3'), Icon: ViewAgenda },
        ]}
      />
      <Divider />
      <BigChoices<Settings['direction']>
        label={t('settings.direction')}
        value={settings.direction}
        onChange={(direction) => update({ direction })}
        options={[
          { value: 'ltr', label: t('settings.ltr'), Icon: FormatTextdirectionLToR },
          { value: 'rtl', label: t('settings.rtl'), Icon: FormatTextdirectionRToL },
        ]}
      />
    </>
  );
}

/**
 * Everyone's colours, layout and text direction first, in large plain choices; the installation's
 * administrator also gets the finer ones (themes per region, schemes, menu, scrollbars, animations).
 */
export function SettingsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { status, me } = useSession();
  const { settings, update } = useSettings();
  const admin = Boolean(me?.user.isAdmin);
  const setTheme = (region: (typeof REGIONS)[number], value: ThemeName) =>
    update({ followSystem: false, theme: { ...settings.theme, [region]: value } });

  return (
    <SidePanel
      id="settings-panel"
      open={open}
      onClose={onClose}
      title={t('settings.title')}
      width={SIDE_PANEL_WIDTH + 40}
    >
      <Typography variant="body2" color="text.secondary" sx={{ px: 2.5, pt: 2 }}>
        {status === 'signed-in' ? t('settings.savedToProfile') : t('settings.savedLocally')}
      </Typography>

      <EveryonesChoices />
      {admin && (
        <>
      <Divider />
      <Section title={t('settings.schemes')}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {(Object.keys(SCHEMES) as (keyof typeof SCHEMES)[]).map((scheme) => (
            <Button
              key={scheme}
              variant={
                JSON.stringify(settings.theme) === JSON.stringify(SCHEMES[scheme]) ? 'contained' : 'outlined'
              }
              onClick={() => update({ followSystem: false, theme: SCHEMES[scheme] })}
            >
              {t(`settings.scheme.${scheme}`)}
            </Button>
          ))}
        </Stack>
      </Section>
      <Divider />

      {settings.layoutStyle === 'layout1' && (
        <Section title={t('settings.menu')}>
          <FormControlLabel
            control={
              <Switch
                checked={settings.navbarFolded}
                onChange={(event) => update({ navbarFolded: event.target.checked })}
              />
            }
            label={t('settings.navbarFolded')}
          />
          <TextField
            select
            size="small"
            fullWidth
            sx={{ mt: 1.5 }}
            label={t('settings.navbarPosition')}
            value={settings.navbarPosition}
            onChange={(event) => update({ navbarPosition: event.target.value as Settings['navbarPosition'] })}
          >
            <MenuItem value="left">{t('settings.position.left')}</MenuItem>
            <MenuItem value="right">{t('settings.position.right')}</MenuItem>
          </TextField>
        </Section>
      )}
      <Divider />

      <Section title={t('settings.language')}>
        <Stack spacing={2}>
          <TextField
            select
            size="small"
            fullWidth
            label={t('settings.language')}
            value={settings.language}
            onChange={(event) => {
              const language = event.target.value as Settings['language'];
              update({ language, direction: language === 'ar' ? 'rtl' : 'ltr' });
            }}
          >
            {LANGUAGES.map((language) => (
              <MenuItem key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Section>
      <Divider />

      <Section title={t('settings.themes')}>
        <Stack spacing={2}>
          {REGIONS.map((region) => (
            <TextField
              key={region}
              select
              size="small"
              fullWidth
              label={t(`settings.region.${region}`)}
              value={settings.theme[region]}
              onChange={(event) => setTheme(region, event.target.value as ThemeName)}
            >
              {THEMES.map((theme) => (
                <MenuItem key={theme} value={theme}>
                  {t(`settings.theme.${theme}`)}
                </MenuItem>
              ))}
            </TextField>
          ))}
        </Stack>
      </Section>
      <Divider />

      <Section title={t('settings.more')}>
        <Stack>
          <FormControlLabel
            control={
              <Switch
                checked={settings.customScrollbars}
                onChange={(event) => update({ customScrollbars: event.target.checked })}
              />
            }
            label={t('settings.customScrollbars')}
          />
          <FormControlLabel
            control={
              <Switch
                checked={settings.animations}
                onChange={(event) => update({ animations: event.target.checked })}
              />
            }
            label={t('settings.animations')}
          />
          {status === 'signed-in' && (
            <TextField
              select
              size="small"
              fullWidth
              sx={{ mt: 2 }}
              label={t('settings.idleLock')}
              value={settings.idleLockMinutes}
              onChange={(event) => update({ idleLockMinutes: Number(event.target.value) })}
            >
              {[...new Set([...IDLE_CHOICES, settings.idleLockMinutes])]
                .sort((a, b) => a - b)
                .map((minutes) => (
                  <MenuItem key={minutes} value={minutes}>
                    {minutes === 0 ? t('settings.idleNever') : t('settings.idleMinutes', { count: minutes })}
                  </MenuItem>
                ))}
            </TextField>
          )}
        </Stack>
      </Section>
        </>
      )}
    </SidePanel>
  );
}
