import { List, Progress, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPoint } from '@tabler/icons-react';
import type { PasswordStrength as Level } from '@trilha/contracts/site';
import {
  checkPassword,
  passwordScore,
  type PasswordRequirement,
  type PasswordScore,
} from '@trilha/domain/password';
import { useTranslation } from 'react-i18next';

const requirementsOf: Record<Level, PasswordRequirement[]> = {
  weak: ['min_length'],
  medium: ['min_length', 'uppercase', 'lowercase', 'digit'],
  strong: ['min_length', 'uppercase', 'lowercase', 'digit', 'symbol'],
};
const colors = ['red', 'red', 'orange', 'yellow', 'teal'] as const;

/** The strength meter and the level's requirements, ticked as the user types. */
export function PasswordStrengthHint({ password, level }: { password: string; level: Level }) {
  const { t } = useTranslation('accounts');
  const unmet = new Set(checkPassword(password, level, { isNew: true }));
  // A password the level refuses is never shown as good: too short reads "very weak", and one missing
  // another requirement reads "fair" at best.
  const score: PasswordScore = unmet.has('min_length')
    ? 0
    : unmet.size
      ? (Math.min(passwordScore(password), 2) as PasswordScore)
      : passwordScore(password);
  return (
    <Stack gap={6} aria-live="polite">
      <Progress
        value={password ? Math.max(10, score * 25) : 0}
        color={colors[score]}
        size="sm"
        aria-label={t('password.strength')}
      />
      <Text fz="sm" c="dimmed">
        {t('password.strength')}: {password ? t(`password.score.${score}`) : '—'}
      </Text>
      <List spacing={2} size="sm" center>
        {requirementsOf[level].map((req) => {
          const met = password !== '' && !unmet.has(req);
          return (
            <List.Item
              key={req}
              c={met ? 'teal.9' : 'dimmed'}
              icon={
                <ThemeIcon
                  size={18}
                  radius="xl"
                  variant={met ? 'filled' : 'light'}
                  color={met ? 'teal' : 'gray'}
                >
                  {met ? <IconCheck size={12} aria-hidden /> : <IconPoint size={12} aria-hidden />}
                </ThemeIcon>
              }
            >
              {t(`password.requirement.${req}`)}
              {met ? <VisuallyHidden>{` — ${t('password.met')}`}</VisuallyHidden> : null}
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}
