import {
  ActionIcon,
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { IconSearch, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/i18n';
import { courseApi, useEnrollments, useUserSearch } from '../api/admin';
import { PagedList } from '../../../components/paged-list';
import { WrapBadge } from '../../../components/wrap-badge';

/** Who is enrolled in a course; enroll users found by name, remove an enrollment. */
export function EnrollmentsPanel({ courseId }: { courseId: number }) {
  const { t } = useTranslation('learning-admin');
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const list = useEnrollments(courseId, debounced, page);
  const [userSearch, setUserSearch] = useState('');
  const [debouncedUser] = useDebouncedValue(userSearch, 300);
  const users = useUserSearch(debouncedUser);
  const [selected, setSelected] = useState<string[]>([]);
  const [known, setKnown] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ color: string; text: string } | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['learning-admin'] });

  const options = [
    ...selected.map((id) => ({ value: id, label: known[id] ?? id })),
    ...(users.data?.items ?? [])
      .filter((u) => !selected.includes(String(u.id)))
      .map((u) => ({ value: String(u.id), label: `${u.fullName}${u.email ? ` · ${u.email}` : ''}` })),
  ];

  const enroll = async () => {
    try {
      const result = await courseApi.enroll(courseId, selected.map(Number));
      setMessage({
        color: 'teal',
        text: [
          t('enrollments.resultEnrolled', { count: result.enrolled }),
          result.alreadyEnrolled ? t('enrollments.resultAlready', { count: result.alreadyEnrolled }) : '',
        ]
          .join(' ')
          .trim(),
      });
      setSelected([]);
      void refresh();
    } catch (e) {
      setMessage({ color: 'red', text: apiErrorText(e) });
    }
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group align="flex-end" wrap="wrap">
          <MultiSelect
            label={t('enrollments.add')}
            placeholder={t('enrollments.searchUsers')}
            data={options}
            value={selected}
            onChange={(values) => {
              const labels = { ...known };
              for (const o of options) labels[o.value] = o.label;
              setKnown(labels);
              setSelected(values);
            }}
            searchable
            searchValue={userSearch}
            onSearchChange={setUserSearch}
            nothingFoundMessage={
              debouncedUser.trim().length >= 2 ? t('enrollments.noUsers') : t('enrollments.typeTwo')
            }
            filter={({ options: o }) => o}
            style={{ flex: 1, minWidth: 240 }}
          />
          <Button
            leftSection={<IconUserPlus size={18} aria-hidden />}
            disabled={!selected.length}
            onClick={() => void enroll()}
          >
            {t('enrollments.enroll')}
          </Button>
        </Group>
        {message ? (
          <Alert mt="sm" color={message.color} role="status">
            {message.text}
          </Alert>
        ) : null}
      </Paper>
      <TextInput
        aria-label={t('enrollments.search')}
        placeholder={t('enrollments.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={360}
        type="search"
      />
      <PagedList
        query={list}
        page={page}
        onPage={setPage}
        emptyText={t('enrollments.empty')}
        scrollLabel={t('tabs.enrollments')}
      >
        {(data) => (
          <Table miw={560} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('enrollments.name')}</Table.Th>
                <Table.Th>{t('enrollments.date')}</Table.Th>
                <Table.Th>{t('enrollments.source')}</Table.Th>
                <Table.Th aria-label={t('enrollments.actions')} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((row) => (
                <Table.Tr key={row.userId}>
                  <Table.Td>
                    <Text fz="sm" fw={500}>
                      {row.fullName}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {row.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatDate(row.enrolledAt)}</Table.Td>
                  <Table.Td>
                    <WrapBadge variant="light" color="gray">
                      {t(`enrollments.sources.${row.source}`)}
                    </WrapBadge>
                  </Table.Td>
                  <Table.Td ta="right">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('enrollments.removeNamed', { name: row.fullName })}
                      onClick={() =>
                        window.confirm(t('enrollments.confirmRemove', { name: row.fullName })) &&
                        void courseApi.unenroll(courseId, row.userId).then(refresh)
                      }
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </PagedList>
    </Stack>
  );
}
