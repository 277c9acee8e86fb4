// /overlord/search: one box over schools, teachers, learners, purchase orders and e-mails (those
// queued in the job table, and the e-mail log of what became of each one sent), a few of each kind
// that hold the text. A teacher found can be given a password reset link to hand over by phone.
import type { ReactNode } from 'react';
import { Badge, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { rands } from '@olympiad/shared/features/invoices/api/purchase-orders';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { SearchBox } from '../search-box';
import { TeacherResetLink } from './teacher-reset-link';

function Section({ title, empty, head, rows }: { title: string; empty: boolean; head: string[]; rows: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {empty ? (
        <Text c="dimmed" size="sm">
          None found.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={400}>
          <Table aria-label={title} striped>
            <Table.Thead>
              <Table.Tr>
                {head.map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{rows}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

export function SearchScreen({ route }: ScreenComponentProps) {
  return (
    <Stack>
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">
          Schools, teachers, learners, purchase orders, e-mails queued and the e-mail log whose names, numbers, references, addresses or subjects hold the
          text.
        </Text>
      </div>
      <SearchBox label="Search" placeholder="A name, an e-mail address, an EMIS number, a payment reference">
        {(results) => (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <Section
            title={`Schools (${results.schools.length})`}
            empty={results.schools.length === 0}
            head={['Name', 'EMIS', 'Town', 'Province']}
            rows={results.schools.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>{s.name}</Table.Td>
                <Table.Td>{s.emisNumber ?? ''}</Table.Td>
                <Table.Td>{s.town}</Table.Td>
                <Table.Td>{s.province}</Table.Td>
              </Table.Tr>
            ))}
          />
          <Section
            title={`Teachers (${results.teachers.length})`}
            empty={results.teachers.length === 0}
            head={['Name', 'E-mail', 'School', '']}
            rows={results.teachers.map((t) => (
              <Table.Tr key={t.id}>
                <Table.Td>
                  {t.firstName} {t.lastName}
                </Table.Td>
                <Table.Td>{t.email ?? ''}</Table.Td>
                <Table.Td>{t.schoolName ?? '—'}</Table.Td>
                <Table.Td>
                  <TeacherResetLink teacher={t} />
                </Table.Td>
              </Table.Tr>
            ))}
          />
          <Section
            title={`Learners (${results.learners.length})`}
            empty={results.learners.length === 0}
            head={['Name', 'Grade', 'School']}
            rows={results.learners.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>
                  {l.firstName} {l.lastName}
                </Table.Td>
                <Table.Td>{l.grade}</Table.Td>
                <Table.Td>{l.schoolName}</Table.Td>
              </Table.Tr>
            ))}
          />
          <Section
            title={`Purchase orders (${results.orders.length})`}
            empty={results.orders.length === 0}
            head={['Reference', 'School', "School's PO", 'Total', 'State']}
            rows={results.orders.map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td>{o.reference}</Table.Td>
                <Table.Td>{o.schoolName ?? '—'}</Table.Td>
                <Table.Td>{o.schoolsPO}</Table.Td>
                <Table.Td>{rands(o.totalCents)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={o.deleted ? 'gray' : o.paid ? 'green' : 'yellow'}>
                    {o.deleted ? 'deleted' : o.paid ? 'paid' : 'unpaid'}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          />
          <Section
            title={`E-mails (${results.emails.length})`}
            empty={results.emails.length === 0}
            head={['To', 'What', 'State', 'Queued']}
            rows={results.emails.map((e) => (
              <Table.Tr key={e.jobId}>
                <Table.Td>{e.to}</Table.Td>
                <Table.Td>{e.subject}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={e.status === 'failed' ? 'red' : undefined}>
                    {e.status}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatDateTime(parseServerTime(e.createdAt))}</Table.Td>
              </Table.Tr>
            ))}
          />
          <Section
            title={`E-mail log (${results.emailLog.length})`}
            empty={results.emailLog.length === 0}
            head={['To', 'Subject', 'Result', 'Detail', 'When']}
            rows={results.emailLog.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{e.recipient}</Table.Td>
                <Table.Td>{e.subject}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={e.result === 'sent' ? 'green' : e.result === 'skipped' ? 'gray' : 'red'}>
                    {e.result}
                  </Badge>
                </Table.Td>
                <Table.Td>{e.detail}</Table.Td>
                <Table.Td>{formatDateTime(parseServerTime(e.createdAt))}</Table.Td>
              </Table.Tr>
            ))}
          />
        </SimpleGrid>
        )}
      </SearchBox>
    </Stack>
  );
}
