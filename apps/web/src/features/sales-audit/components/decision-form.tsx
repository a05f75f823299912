import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../lib/form-errors';

export type AuditDecision = { action: 'approve' } | { action: 'reject'; reason: string };

/**
 * Approve, or reject with a reason the auditor must write: the decision form of a sale and of a store
 * photo. `onDecide` sends the decision and calls `done` once it is saved (the form then starts over).
 */
export function DecisionForm({
  canApprove,
  rejectLabel,
  reasonHint,
  reasonMax,
  pending,
  error,
  refusalTestId,
  onDecide,
}: {
  canApprove: boolean;
  rejectLabel: string;
  reasonHint: string;
  reasonMax: number;
  pending: boolean;
  error: unknown;
  refusalTestId?: string;
  onDecide: (decision: AuditDecision, done: () => void) => void;
}) {
  const { t } = useTranslation('sales-audit');
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const done = () => {
    setRejecting(false);
    setReason('');
    setTouched(false);
  };
  const approve = () => {
    if (!pending) onDecide({ action: 'approve' }, done);
  };
  const reject = () => {
    setTouched(true);
    if (reason.trim() && !pending) onDecide({ action: 'reject', reason: reason.trim() }, done);
  };
  return (
    <Stack gap="xs">
      {rejecting ? (
        <Textarea
          label={t('actions.reason')}
          description={reasonHint}
          value={reason}
          maxLength={reasonMax}
          autosize
          minRows={2}
          required
          data-autofocus
          error={touched && !reason.trim() ? t('actions.required') : undefined}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
      ) : null}
      {error ? (
        <Text c="red.8" role="alert" fz="sm" data-testid={refusalTestId}>
          {apiErrorText(error)}
        </Text>
      ) : null}
      <Group gap="xs">
        {rejecting ? (
          <>
            <Button color="red" onClick={reject} loading={pending}>
              {rejectLabel}
            </Button>
            <Button variant="default" onClick={() => setRejecting(false)}>
              {t('actions.cancel')}
            </Button>
          </>
        ) : (
          <>
            {canApprove ? (
              <Button onClick={approve} loading={pending}>
                {t('actions.approve')}
              </Button>
            ) : null}
            <Button variant="light" color="red" onClick={() => setRejecting(true)}>
              {rejectLabel}
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}
