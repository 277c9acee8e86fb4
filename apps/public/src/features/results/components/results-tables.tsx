// A released olympiad's best learners, grade by grade, and its best schools.
import type { PublicResults } from '../api/get-public-results';

const awardWord = (award: string | null | undefined) => (award ? award.charAt(0).toUpperCase() + award.slice(1) : '');

export function LearnersByGrade({ results, headingLevel }: { results: PublicResults; headingLevel: 2 | 3 }) {
  const grades = [...new Set(results.learners.map((l) => l.grade))];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="public-stack">
      {grades.map((grade) => (
        <section key={grade} aria-label={`Grade ${grade}`}>
          <Heading>Grade {grade}</Heading>
          <div className="public-table-wrap">
            <table className="public-table" aria-label={`Grade ${grade}, ${results.olympiad}`}>
              <thead>
                <tr>
                  <th scope="col">Place</th>
                  <th scope="col">Learner</th>
                  <th scope="col">School</th>
                  <th scope="col">Province</th>
                  <th scope="col">Award</th>
                </tr>
              </thead>
              <tbody>
                {results.learners
                  .filter((l) => l.grade === grade)
                  .map((l, index) => (
                    <tr key={`${l.rank}-${l.name}-${index}`}>
                      <td>{l.rank}</td>
                      <td>{l.name}</td>
                      <td>{l.school}</td>
                      <td>{l.province}</td>
                      <td>{awardWord(l.award)}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}

export function TopSchoolsTable({ results }: { results: PublicResults }) {
  return (
    <div className="public-table-wrap">
      <table className="public-table" aria-label={`Top schools, ${results.olympiad}`}>
        <thead>
          <tr>
            <th scope="col">Place</th>
            <th scope="col">School</th>
            <th scope="col">Province</th>
          </tr>
        </thead>
        <tbody>
          {results.schools.map((s, index) => (
            <tr key={`${s.rank}-${s.school}-${index}`}>
              <td>{s.rank}</td>
              <td>{s.school}</td>
              <td>{s.province}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
