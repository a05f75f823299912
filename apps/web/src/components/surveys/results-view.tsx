import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconDownload } from '@tabler/icons-react';
import { isChoiceKind, justifiedKinds, type SurveyResults } from '@trilha/contracts/surveys';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../lib/form-errors';
import { formatDate } from '../../lib/i18n';
import { PaginationBar } from '../pagination-bar';
import { OptionBars } from './option-bars';

type Question = SurveyResults['questions'][number];

/** One page of a question's written answers (`{ texts: [{ text, answeredAt }] }`). */
export type TextsQuery = UseQueryResult<{ texts: { text: string; answeredAt: string }[] }>;
/** The page's hook for those answers: (survey or activity id, question index, page, enabled). */
type TextsHook = (ownerId: number, question: number, page: number, enabled: boolean) => TextsQuery;

function Texts({
  ownerId,
  question,
  useTexts,
  pageSize,
}: {
  ownerId: number;
  question: Question;
  useTexts: TextsHook;
  pageSize: number;
}) {
  const { t } = useTranslation('surveys');
  const [page, setPage] = useState(1);
  const query = useTexts(ownerId, question.index, page, question.texts > 0);
  if (question.texts === 0)
    return (
      <Text c="dimmed" fz="sm">
        {t('results.noTexts')}
      </Text>
    );
  return (
    <Stack gap="xs">
      <Text fw={600} fz="sm">
        {t('results.texts', { count: question.texts })}
      </Text>
      {query.isError ? (
        <Alert color="red" role="alert">
          {apiErrorText(query.error)}
        </Alert>
      ) : null}
      {query.isPending ? <Loader size="sm" aria-label={t('results.loading')} /> : null}
      <Stack gap={4} component="ul" style={{ paddingLeft: 18, margin: 0 }}>
        {query.data?.texts.map((x, i) => (
          <li key={`${page}-${i}`}>
            <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
              {x.text}
            </Text>
            <Text fz="xs" c="dimmed">
              {formatDate(x.answeredAt)}
            </Text>
          </li>
        ))}
      </Stack>
      <PaginationBar page={page} pageSize={pageSize} total={question.texts} onChange={setPage} />
    </Stack>
  );
}

/**
 * The results of a survey or of a reaction evaluation (same answer shape): the way back, the heading and
 * the CSV button, then per question a bar per option and the written answers paged. The page supplies
 * what differs: its query, its texts' query, its CSV download and its heading lines.
 */
export function SurveyResultsView<R extends SurveyResults>({
  ownerId,
  back,
  query,
  heading,
  useTexts,
  textsPageSize,
  downloadCsv,
  idPrefix,
}: {
  /** The survey's or the reaction activity's id, given to `useTexts`. */
  ownerId: number;
  back: ReactNode;
  query: UseQueryResult<R>;
  heading: (results: R) => ReactNode;
  useTexts: TextsHook;
  textsPageSize: number;
  downloadCsv: () => Promise<void>;
  /** Prefix of each question section's heading id. */
  idPrefix: string;
}) {
  const { t } = useTranslation('surveys');
  const [csvError, setCsvError] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setCsvError(false);
    setDownloading(true);
    try {
      await downloadCsv();
    } catch {
      setCsvError(true);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="lg" maw={900}>
      <Group>{back}</Group>
      {query.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('results.loading')} />
        </Center>
      ) : query.isError ? (
        <Alert color="red" role="alert">
          <Stack gap="xs">
            <Text>{apiErrorText(query.error)}</Text>
            <Button size="compact-sm" variant="white" onClick={() => void query.refetch()}>
              {t('answer.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <div>
              {heading(query.data)}
              <Text c="dimmed">{t('results.responses', { count: query.data.responses })}</Text>
            </div>
            <Button
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void download()}
              loading={downloading}
            >
              {t('results.csv')}
            </Button>
          </Group>
          {csvError ? (
            <Alert color="red" role="alert">
              {t('results.csvError')}
            </Alert>
          ) : null}
          {query.data.questions.map((q) => (
            <Paper
              key={q.index}
              withBorder
              p="md"
              radius="md"
              component="section"
              aria-labelledby={`${idPrefix}-${q.index}`}
            >
              <Stack gap="sm">
                <div>
                  <Title order={2} fz="lg" id={`${idPrefix}-${q.index}`}>
                    {q.index + 1}. {q.text}
                  </Title>
                  <Text c="dimmed" fz="sm">
                    {t(`kinds.${q.kind}`)} · {t('results.answered', { count: q.answered })}
                  </Text>
                </div>
                {isChoiceKind(q.kind) ? <OptionBars question={q} /> : null}
                {!isChoiceKind(q.kind) || justifiedKinds.includes(q.kind) ? (
                  <Texts ownerId={ownerId} question={q} useTexts={useTexts} pageSize={textsPageSize} />
                ) : null}
              </Stack>
            </Paper>
          ))}
        </>
      )}
    </Stack>
  );
}
