// Small SVG charts of our own for the reports (bars and a line over time): no chart library for what
// a few dozen lines draw. Each chart is an image with a label saying what it shows, and the numbers it
// draws are listed in a table beside it for screen readers and for reading exact values.
import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';

export type ChartPoint = { label: string; value: number };

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 48, left: 44 };

/** Round steps for the value axis: 1, 2 or 5 times a power of ten, about four of them. */
export function axisSteps(max: number): number[] {
  if (max <= 0) return [0];
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? power * 10;
  const steps: number[] = [];
  for (let v = 0; ; v += step) {
    steps.push(Math.round(v * 1000) / 1000);
    if (v >= max) return steps;
  }
}

function Frame({ title, summary, children, points }: { title: string; summary: string; children: ReactNode; points: ChartPoint[] }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap={4}>
        <Title order={3} size="h5">
          {title}
        </Title>
        {points.length === 0 ? (
          <Text c="dimmed" size="sm">
            Nothing to show yet.
          </Text>
        ) : (
          <>
            <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`${title}: ${summary}`} style={{ width: '100%', height: 'auto' }}>
              {children}
            </svg>
            <VisuallyHidden>
              <table>
              <caption>{title}</caption>
              <tbody>
                {points.map((p) => (
                  <tr key={p.label}>
                    <th scope="row">{p.label}</th>
                    <td>{p.value}</td>
                  </tr>
                ))}
                </tbody>
              </table>
            </VisuallyHidden>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Axis({ max }: { max: number }) {
  const steps = axisSteps(max);
  const top = steps[steps.length - 1] || 1;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  return (
    <g aria-hidden="true" fontSize={11} fill="var(--mantine-color-dimmed)">
      {steps.map((v) => {
        const y = PAD.top + plotHeight - (v / top) * plotHeight;
        return (
          <g key={v}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} stroke="var(--mantine-color-default-border)" />
            <text x={PAD.left - 6} y={y + 4} textAnchor="end">
              {v}
            </text>
          </g>
        );
      })}
    </g>
  );
}

const topOf = (points: ChartPoint[]) => {
  const steps = axisSteps(Math.max(0, ...points.map((p) => p.value)));
  return steps[steps.length - 1] || 1;
};

const summaryOf = (points: ChartPoint[]) => points.map((p) => `${p.label} ${p.value}`).join(', ');

/** Bars, one a label (provinces, grades). */
export function BarChart({ title, points }: { title: string; points: ChartPoint[] }) {
  const top = topOf(points);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, points.length);
  return (
    <Frame title={title} summary={summaryOf(points)} points={points}>
      <Axis max={top} />
      {points.map((p, i) => {
        const h = (p.value / top) * plotHeight;
        const x = PAD.left + i * slot + slot * 0.15;
        return (
          <g key={p.label}>
            <rect x={x} y={PAD.top + plotHeight - h} width={slot * 0.7} height={h} rx={2} fill="var(--mantine-primary-color-filled)" />
            <text x={x + slot * 0.35} y={HEIGHT - PAD.bottom + 14} fontSize={10} textAnchor="middle" fill="currentColor" aria-hidden="true">
              {p.label.length > 14 ? `${p.label.slice(0, 13)}…` : p.label}
            </text>
          </g>
        );
      })}
    </Frame>
  );
}

/** A line over time (entries per day, starts per hour); labels are shown at the ends. */
export function LineChart({ title, points }: { title: string; points: ChartPoint[] }) {
  const top = topOf(points);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length === 1 ? plotWidth / 2 : (i / (points.length - 1)) * plotWidth);
  const y = (v: number) => PAD.top + plotHeight - (v / top) * plotHeight;
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <Frame title={title} summary={summaryOf(points)} points={points}>
      <Axis max={top} />
      <path d={path} fill="none" stroke="var(--mantine-primary-color-filled)" strokeWidth={2} />
      {points.map((p, i) => (
        <circle key={p.label} cx={x(i)} cy={y(p.value)} r={3} fill="var(--mantine-primary-color-filled)" />
      ))}
      <g fontSize={10} fill="currentColor" aria-hidden="true">
        {first && (
          <text x={PAD.left} y={HEIGHT - PAD.bottom + 14}>
            {first.label}
          </text>
        )}
        {last && points.length > 1 && (
          <text x={WIDTH - PAD.right} y={HEIGHT - PAD.bottom + 14} textAnchor="end">
            {last.label}
          </text>
        )}
      </g>
    </Frame>
  );
}
