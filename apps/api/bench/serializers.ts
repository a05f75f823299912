// `npx tsx apps/api/bench/serializers.ts`: the CPU one answer's writing costs, the zod path (encode, then
// JSON.stringify) next to the compiled writer (lib/response-serializer.ts), on answers shaped like the
// bench's: a course list page of 12 cards, a course of 6 modules × 8 activities, a trail list page of 12.
// CPU time of this process, so a busy machine changes the figures less than it changes latency.
import { z } from 'zod';
import {
  courseDetail,
  courseListPage,
  trailListPage,
  type CourseDetail,
  type CourseListItem,
  type CourseListPage,
  type TrailListPage,
} from '@trilha/contracts/learning';
import { compileResponseWriter } from '../src/lib/response-serializer';

const lock = { locked: false, reason: null, prerequisites: [] };
const progress = { status: 'in_progress' as const, percent: 40, completedActivities: 4, totalActivities: 10 };
const card = (i: number): CourseListItem => ({
  id: 1000 + i,
  title: `Curso de vendas consultivas ${i}`,
  description: 'Como ouvir o cliente, apresentar a solução e fechar a venda sem pressa. '.repeat(3),
  coverUrl: `/api/learning/content/WyJjb3ZlcnMvMTAwMCIsMCwxNzAwMDAwMDAwLDBd.c2lnbmF0dXJlLW9mLXRoZS11cmw/cover-${i}.webp`,
  workloadMinutes: i % 3 ? 90 : null,
  category: i % 2 ? { id: 3, name: 'Vendas' } : null,
  tags: [
    { id: 1, name: 'atendimento' },
    { id: 2, name: 'vendas' },
  ],
  favorite: i % 4 === 0,
  enrollment: {
    state: 'enrolled',
    mode: 'open',
    canEnroll: false,
    canUnenroll: true,
    enrolledAt: '2026-03-04T05:06:07.089Z',
  },
  progress,
  lock,
});
const list: CourseListPage = {
  items: Array.from({ length: 12 }, (_, i) => card(i)),
  total: 2000,
  page: 1,
  pageSize: 12,
  counts: { notStarted: 1800, inProgress: 150, finished: 50 },
};
const detail: CourseDetail = {
  ...card(1),
  trail: null,
  resumeAt: '2.3',
  publicSlug: null,
  modules: Array.from({ length: 6 }, (_, m) => ({
    id: 500 + m,
    position: m + 1,
    title: `Módulo ${m + 1}`,
    activities: Array.from({ length: 8 }, (_, a) => ({
      id: 9000 + m * 10 + a,
      hierarchyOrder: `${m + 1}.${a + 1}`,
      title: `Atividade ${a + 1}`,
      kind: 'video' as const,
      fileGroup: null,
      durationSeconds: 300,
      lock,
      progress: { status: 'finished', percent: 100, success: null, score: null, completedAt: null },
    })),
  })),
};
const trails: TrailListPage = {
  items: list.items.map(({ workloadMinutes: _w, lock: _l, ...c }) => ({ ...c, itemCount: 8 })),
  total: 100,
  page: 1,
  pageSize: 12,
};

function cpuPerCall(write: () => string): number {
  for (let i = 0; i < 2000; i++) write();
  const n = 20_000;
  const t0 = process.cpuUsage();
  for (let i = 0; i < n; i++) write();
  const t = process.cpuUsage(t0);
  return (t.user + t.system) / n;
}

console.log(`${'answer'.padEnd(22)}${'bytes'.padEnd(8)}${'zod µs'.padEnd(9)}${'compiled µs'.padEnd(13)}×`);
for (const [name, schema, value] of [
  ['course list page', courseListPage, list],
  ['course detail', courseDetail, detail],
  ['trail list page', trailListPage, trails],
] as const) {
  const write = compileResponseWriter(schema);
  const before = cpuPerCall(() => JSON.stringify(z.encode(schema as z.ZodType, value as never)));
  const after = cpuPerCall(() => write(value));
  const bytes = write(value).length;
  console.log(
    `${name.padEnd(22)}${String(bytes).padEnd(8)}${before.toFixed(1).padEnd(9)}${after.toFixed(1).padEnd(13)}${(before / after).toFixed(1)}`,
  );
}
