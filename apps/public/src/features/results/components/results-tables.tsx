// A released olympiad's best learners, grade by grade, and its best schools.
import { Stack, Table, Title } from '@mantine/core';
import type { PublicResults } from '../api/get-public-results';

const awardWord = (award: string | null | undefined) => (award ? award.charAt(0).toUpperCase() + award.slice(1) : '');

export function LearnersByGrade({ results, headingLevel }: { results: PublicResults; headingLevel: 2 | 3 }) {
  const grades = [...new Set(results.learners.map((l) => l.grade))];
  return (
    <Stack>
      {grades.map((grade) => (
        <Stack key={grade} gap="xs">
          <Title order={headingLevel} size="h4">
            Grade {grade}
          </Title>
          <Table aria-label={`Grade ${grade}, ${results.olympiad}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>Place</Table.Th>
                <Table.Th>Learner</Table.Th>
                <Table.Th>School</Table.Th>
                <Table.Th>Province</Table.Th>
                <Table.Th>Award</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.learners
                .filter((l) => l.grade === grade)
                .map((l, index) => (
                  <Table.Tr key={`${l.rank}-${l.name}-${index}`}>
                    <Table.Td>{l.rank}</Table.Td>
                    <Table.Td>{l.name}</Table.Td>
                    <Table.Td>{l.school}</Table.Td>
                    <Table.Td>{l.province}</Table.Td>
                    <Table.Td>{awardWord(l.award)}</Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ))}
    </Stack>
  );
}

export function TopSchoolsTable({ results }: { results: PublicResults }) {
  return (
    <Table aria-label={`Top schools, ${results.olympiad}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={70}>Place</Table.Th>
          <Table.Th>School</Table.Th>
          <Table.Th>Province</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {results.schools.map((s, index) => (
          <Table.Tr key={`${s.rank}-${s.school}-${index}`}>
            <Table.Td>{s.rank}</Table.Td>
            <Table.Td>{s.school}</Table.Td>
            <Table.Td>{s.province}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
