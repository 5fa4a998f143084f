import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/**
 * The statistics page's charts (issue #41), in their own chunk with the chart library (recharts,
 * docs/decisions.md "Statistics"). They are for the eye: the page hides them from screen readers
 * and shows every figure in a table as well, so the library's keyboard layer is off.
 */

const BLUE = '#003476';
const GREEN = '#00703c';
const RED = '#b60202';
const GREY = '#505a5f';
const STATUS_COLOURS: Record<string, string> = {
  incoming: BLUE,
  pending: '#f47738',
  finished: GREEN,
  canceled: GREY,
};
const HEIGHT = 240;
const axis = { fontSize: 13, fill: '#0b0c0c' };

export function WeeklyChart({
  data,
  labels,
}: {
  data: { label: string; received: number; finished: number }[];
  labels: { received: string; finished: string };
}) {
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart data={data} accessibilityLayer={false} margin={{ left: -16, right: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={axis} interval="preserveStartEnd" />
        <YAxis allowDecimals={false} tick={axis} />
        <Tooltip />
        <Legend />
        <Bar dataKey="received" name={labels.received} fill={BLUE} isAnimationActive={false} />
        <Bar dataKey="finished" name={labels.finished} fill={GREEN} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function AgeChart({
  data,
  labels,
}: {
  data: { label: string; onTime: number; overdue: number }[];
  labels: { onTime: string; overdue: string };
}) {
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart data={data} accessibilityLayer={false} margin={{ left: -16, right: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={axis} />
        <YAxis allowDecimals={false} tick={axis} />
        <Tooltip />
        <Legend />
        <Bar
          dataKey="onTime"
          stackId="age"
          name={labels.onTime}
          fill={BLUE}
          isAnimationActive={false}
        />
        <Bar
          dataKey="overdue"
          stackId="age"
          name={labels.overdue}
          fill={RED}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function StatusChart({
  data,
  label,
}: {
  data: { status: string; label: string; count: number }[];
  label: string;
}) {
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart data={data} accessibilityLayer={false} margin={{ left: -16, right: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={axis} />
        <YAxis allowDecimals={false} tick={axis} />
        <Tooltip />
        <Bar dataKey="count" name={label} isAnimationActive={false}>
          {data.map((d) => (
            <Cell key={d.status} fill={STATUS_COLOURS[d.status] ?? BLUE} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
