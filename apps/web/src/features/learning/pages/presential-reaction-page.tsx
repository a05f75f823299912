import { Alert, Button, Center, Container, Loader, Stack, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { LearnerReaction } from '@trilha/contracts/learning';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { selectedClientOf, useSession } from '../../../lib/session-store';
import { useAnswerReaction, usePresentialReaction } from '../api/reactions';
import { LoadError } from '../components/catalog-states';
import { ReactionPlayer } from '../player/reaction/reaction-player';

/** Sends the answers of a reaction the page was given (its activity's own route). */
function AnswerableReaction({ reaction }: { reaction: LearnerReaction }) {
  const answer = useAnswerReaction(reaction.activityId, null);
  return (
    <ReactionPlayer
      reaction={reaction}
      onSubmit={(body) => answer.mutate(body)}
      pending={answer.isPending}
      error={answer.error}
      sent={answer.isSuccess}
    />
  );
}

/**
 * `presential-courses/:id/reactions/:hierarchy_order` (and its trail variant): an in-person course's
 * reaction evaluation, shown by the same player as an online course's from the data the API gives for the
 * course and order. In-person courses are not built yet: the API says so and the page says it is not
 * available.
 */
export default function PresentialReactionPage() {
  const { t } = useTranslation('surveys');
  const params = useParams();
  const courseId = Number(params.id);
  const order = params.hierarchy_order ?? '';
  const valid =
    Number.isInteger(courseId) &&
    courseId > 0 &&
    courseId <= 2_147_483_647 &&
    /^\d{1,4}(\.\d{1,4})?$/.test(order);
  const query = usePresentialReaction(courseId, order, valid);
  const session = useSession();
  const home = selectedClientOf(session)?.homeRoute ?? '/home';

  const unavailable = (
    <Stack>
      <Alert
        color="yellow"
        icon={<IconInfoCircle aria-hidden />}
        title={t('reaction.notAvailableTitle')}
        data-testid="reaction-unavailable"
      >
        {t('reaction.notAvailable')}
      </Alert>
      <Button component={Link} to={home} variant="light" w="fit-content">
        {t('reaction.goHome')}
      </Button>
    </Stack>
  );

  let body;
  if (!valid) body = unavailable;
  else if (query.isPending)
    body = (
      <Center py="xl">
        <Loader aria-label={t('reaction.loading')} />
      </Center>
    );
  else if (query.isError) body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data.available || !query.data.reaction) body = unavailable;
  else
    body = (
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {query.data.reaction.title}
        </Title>
        <AnswerableReaction reaction={query.data.reaction} />
      </Stack>
    );

  return (
    <Container size="sm" py="lg">
      {body}
    </Container>
  );
}
