import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { LockInfo } from '@trilha/contracts/learning';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * Alert titles in the colour's own shade read at about 3:1 on the light tint (yellow, orange); a darker
 * mix of the same colour keeps the hue at 4.5:1.
 */
export const readableAlertTitle = {
  title: { color: 'color-mix(in srgb, var(--alert-color) 55%, black)' },
};

/** Why something cannot be opened yet, in words, with links to the courses to finish first. */
export function LockNote({ lock, compact }: { lock: LockInfo; compact?: boolean }) {
  const { t } = useTranslation('learning');
  if (!lock.locked || !lock.reason) return null;
  const text = t(`lock.${lock.reason}`);
  if (compact) {
    return (
      <Text fz="xs" c="dimmed" data-testid="lock-reason">
        {text}
      </Text>
    );
  }
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconLock size={18} aria-hidden />}
      title={t('lock.title')}
      styles={readableAlertTitle}
    >
      <Text fz="sm" data-testid="lock-reason">
        {text}
      </Text>
      {lock.reason === 'prerequisite' && lock.prerequisites.length ? (
        <List size="sm" mt="xs">
          {lock.prerequisites.map((course) => (
            <List.Item key={course.id}>
              <Anchor component={Link} to={`/online-courses/${course.id}`}>
                {course.title}
              </Anchor>{' '}
              {course.finished ? `(${t('status.finished')})` : null}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Alert>
  );
}
