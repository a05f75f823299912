import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { apiErrorText } from '../../../lib/form-errors';

/**
 * The alert of a failed request on the account screens (its API error's text), or nothing while there is
 * none: give it `mutation.error`, which is null unless the mutation failed.
 */
export function RequestError({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
      {apiErrorText(error)}
    </Alert>
  );
}
