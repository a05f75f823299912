import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import type { EnrollmentInfo } from '@trilha/contracts/learning';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../lib/form-errors';
import { useEnrollment, type CatalogKind } from '../api/catalog';

/** Enroll or unenroll, each confirmed in a dialog first (spec section 4). */
export function EnrollmentControls({
  kind,
  id,
  title,
  enrollment,
}: {
  kind: CatalogKind;
  id: number;
  title: string;
  enrollment: EnrollmentInfo;
}) {
  const { t } = useTranslation('learning');
  const [opened, { open, close }] = useDisclosure(false);
  const mutation = useEnrollment(kind);
  const enrolled = enrollment.state === 'enrolled';
  const allowed = enrolled ? enrollment.canUnenroll : enrollment.canEnroll;

  if (!allowed) {
    if (!enrolled && enrollment.mode === 'assigned') {
      return (
        <Text fz="sm" c="dimmed" data-testid="enrollment-assigned">
          {t('enrollment.assignedOnly')}
        </Text>
      );
    }
    return null;
  }

  const confirm = () => {
    mutation.mutate(
      { id, enroll: !enrolled },
      {
        onSuccess: () => {
          close();
          notifications.show({
            color: 'teal',
            message: enrolled ? t('enrollment.unenrolled', { title }) : t('enrollment.enrolled', { title }),
          });
        },
      },
    );
  };

  return (
    <>
      <Button
        variant={enrolled ? 'default' : 'filled'}
        color={enrolled ? 'gray' : undefined}
        leftSection={
          enrolled ? <IconUserMinus size={18} aria-hidden /> : <IconUserPlus size={18} aria-hidden />
        }
        onClick={() => {
          mutation.reset();
          open();
        }}
        data-testid={enrolled ? 'unenroll-button' : 'enroll-button'}
      >
        {enrolled ? t('enrollment.unenroll') : t('enrollment.enroll')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={enrolled ? t('enrollment.confirmUnenrollTitle') : t('enrollment.confirmEnrollTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('actions.close') }}
      >
        <Stack gap="md">
          <Text>
            {enrolled
              ? t(
                  kind === 'courses' ? 'enrollment.confirmUnenrollCourse' : 'enrollment.confirmUnenrollTrail',
                  { title },
                )
              : t(kind === 'courses' ? 'enrollment.confirmEnrollCourse' : 'enrollment.confirmEnrollTrail', {
                  title,
                })}
          </Text>
          {mutation.isError ? (
            <Text c="red.8" fz="sm" role="alert">
              {apiErrorText(mutation.error)}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button
              color={enrolled ? 'red' : undefined}
              onClick={confirm}
              loading={mutation.isPending}
              data-testid="confirm-enrollment"
            >
              {enrolled ? t('enrollment.confirmUnenroll') : t('enrollment.confirmEnroll')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
