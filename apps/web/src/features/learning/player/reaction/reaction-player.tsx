import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconLock } from '@tabler/icons-react';
import type { LearnerReaction, ProgressResponse, ReactionAnswerBody } from '@trilha/contracts/learning';
import { useTranslation } from 'react-i18next';
import { errorText, formatDate } from '../../../../lib/i18n';
import { SurveyForm } from '../../../../components/surveys/survey-form';
import { useAnswerReaction, useReaction } from '../../api/reactions';
import { LoadError } from '../../components/catalog-states';

/**
 * A reaction evaluation as the learner sees it, from its data only (the course player and the in-person
 * courses' page both give it): locked with why until the training ends, the questions as survey cards
 * (radios, checkboxes, justification and essay boxes, errors beside their question), and a thank-you once
 * sent or already answered.
 */
export function ReactionPlayer({
  reaction,
  onSubmit,
  pending = false,
  error = null,
  sent = false,
}: {
  reaction: LearnerReaction;
  onSubmit: (body: ReactionAnswerBody) => void;
  pending?: boolean;
  error?: unknown;
  sent?: boolean;
}) {
  const { t } = useTranslation('surveys');
  if (sent || reaction.answered) {
    return (
      <Alert color="green" icon={<IconCircleCheck aria-hidden />} role="status" data-testid="reaction-done">
        {sent
          ? t('reaction.sent')
          : t('reaction.answered', { date: reaction.answeredAt ? formatDate(reaction.answeredAt) : '' })}
      </Alert>
    );
  }
  if (!reaction.open) {
    return (
      <Alert
        color="gray"
        variant="light"
        icon={<IconLock aria-hidden />}
        title={t('reaction.lockedTitle')}
        data-testid="reaction-locked"
      >
        <Stack gap={4}>
          <Text fz="sm">{errorText(reaction.closedCode ?? 'REACTION_TRAINING_NOT_ENDED')}</Text>
          {reaction.closedReason === 'training_not_ended' && reaction.pendingActivities > 0 ? (
            <Text fz="sm" fw={600}>
              {t('reaction.pending', { count: reaction.pendingActivities })}
            </Text>
          ) : null}
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="md" data-testid="reaction-form">
      <Text c="dimmed" fz="sm">
        {t('reaction.intro')}
      </Text>
      <SurveyForm
        survey={{ title: reaction.title, description: reaction.description, questions: reaction.questions }}
        onSubmit={onSubmit}
        pending={pending}
        error={error}
      />
    </Stack>
  );
}

/** The course player's reaction activity: reads it, sends the answers, and reports the finished progress. */
export function ReactionActivity({
  activityId,
  trailId,
  onProgress,
}: {
  activityId: number;
  trailId: number | null;
  onProgress?: (response: ProgressResponse) => void;
}) {
  const { t } = useTranslation('surveys');
  const query = useReaction(activityId, trailId);
  const answer = useAnswerReaction(activityId, trailId, onProgress);
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('reaction.loading')} />
      </Center>
    );
  }
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <ReactionPlayer
      reaction={query.data}
      onSubmit={(body) => answer.mutate(body)}
      pending={answer.isPending}
      error={answer.error}
      sent={answer.isSuccess}
    />
  );
}
