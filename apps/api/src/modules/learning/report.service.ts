import { sql } from 'drizzle-orm';
import type {
  CourseReportPage,
  CourseReportRow,
  EnrollmentPage,
  EnrollUsersResponse,
} from '@trilha/contracts/learning';
import type { LanguageCode } from '@trilha/contracts/session';
import { rowsOf, type Db } from '../../db/client';
import { eventsOutsideTheApp, type EventSink } from '../../jobs/job-queue';
import { notFound } from '../../lib/errors';
import { audit } from '../audit/audit';
import { iso } from './course-context';
import { intArrayParam } from './viewer';
import type { Actor } from './authoring.service';

const like = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

const csvHeaders: Record<LanguageCode, string[]> = {
  'pt-BR': [
    'ID',
    'Nome',
    'E-mail',
    'Inscrito em',
    'Situação',
    'Progresso (%)',
    'Atividades concluídas',
    'Total de atividades',
    'Início',
    'Conclusão',
    'Último acesso',
  ],
  'en-US': [
    'ID',
    'Name',
    'E-mail',
    'Enrolled at',
    'Status',
    'Progress (%)',
    'Activities done',
    'Total activities',
    'Started',
    'Finished',
    'Last activity',
  ],
  es: [
    'ID',
    'Nombre',
    'Correo',
    'Inscrito el',
    'Estado',
    'Progreso (%)',
    'Actividades completadas',
    'Total de actividades',
    'Inicio',
    'Finalización',
    'Último acceso',
  ],
  fr: [
    'ID',
    'Nom',
    'E-mail',
    'Inscrit le',
    'Statut',
    'Progression (%)',
    'Activités terminées',
    'Total des activités',
    'Début',
    'Fin',
    'Dernière activité',
  ],
};
const statusLabels: Record<LanguageCode, Record<string, string>> = {
  'pt-BR': { not_started: 'Não iniciado', in_progress: 'Em andamento', finished: 'Concluído' },
  'en-US': { not_started: 'Not started', in_progress: 'In progress', finished: 'Finished' },
  es: { not_started: 'No iniciado', in_progress: 'En curso', finished: 'Completado' },
  fr: { not_started: 'Non commencé', in_progress: 'En cours', finished: 'Terminé' },
};

/**
 * One CSV field: quoted when it holds the separator, a quote or a line break (quotes doubled), and a
 * leading =, +, - or @ neutralized so a spreadsheet never runs it as a formula.
 */
export function csvField(value: string | number | null, separator: string): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Enrollments by managers and the progress report of a course, scoped to the manager's client. */
/** `events` carries learning.viewer-rows-changed from the enrollments a manager makes or removes. */
export function createReportService(db: Db, events: EventSink = eventsOutsideTheApp()) {
  async function course(clientId: number, courseId: number) {
    const [c] = rowsOf<{ id: number; title: string; activity_count: number }>(
      await db.execute(
        sql`select id, title, activity_count from courses where id = ${courseId} and client_id = ${clientId}`,
      ),
    );
    if (!c) throw notFound();
    return c;
  }

  async function enrollments(
    clientId: number,
    courseId: number,
    q: { search: string; page: number; pageSize: number },
  ): Promise<EnrollmentPage> {
    await course(clientId, courseId);
    const search = q.search
      ? sql` and (lower(u.first_name || ' ' || u.last_name) like ${like(q.search)} or lower(u.email) like ${like(q.search)})`
      : sql``;
    const rows = rowsOf<{
      user_id: number;
      full_name: string;
      email: string | null;
      enrolled_at: string | Date;
      source: 'self' | 'assigned' | 'open';
      total: number;
    }>(
      await db.execute(sql`select e.user_id, trim(u.first_name || ' ' || u.last_name) as full_name, u.email, e.enrolled_at, e.source,
          count(*) over ()::int as total
        from course_enrollments e join users u on u.id = e.user_id
        where e.course_id = ${courseId} and e.client_id = ${clientId}${search}
        order by lower(u.first_name), lower(u.last_name), u.id limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
    );
    return {
      items: rows.map((r) => ({
        userId: r.user_id,
        fullName: r.full_name,
        email: r.email,
        enrolledAt: iso(r.enrolled_at)!,
        source: r.source,
      })),
      total: rows[0]?.total ?? 0,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async function enrollUsers(
    actor: Actor,
    courseId: number,
    userIds: number[],
  ): Promise<EnrollUsersResponse> {
    await course(actor.clientId, courseId);
    const unique = [...new Set(userIds)];
    return events.transaction(db, async (tx) => {
      await events.emit('learning.viewer-rows-changed', { userId: null }, { tx });
      const members = rowsOf<{ user_id: number }>(
        await tx.execute(sql`select user_id from user_clients where client_id = ${actor.clientId}
          and user_id = any(${intArrayParam(unique)}::int[])`),
      ).map((r) => r.user_id);
      const rejected = unique.filter((id) => !members.includes(id));
      const inserted = members.length
        ? rowsOf<{ user_id: number }>(
            await tx.execute(sql`insert into course_enrollments (course_id, user_id, client_id, source)
              select ${courseId}, u, ${actor.clientId}, 'assigned' from unnest(${intArrayParam(members)}::int[]) as u
              on conflict do nothing returning user_id`),
          )
        : [];
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'course.enroll_users',
        target: { type: 'course', id: courseId },
        details: { userIds: inserted.map((r) => r.user_id) },
      });
      return { enrolled: inserted.length, alreadyEnrolled: members.length - inserted.length, rejected };
    });
  }

  async function removeEnrollment(actor: Actor, courseId: number, userId: number) {
    await course(actor.clientId, courseId);
    await events.transaction(db, async (tx) => {
      await events.emit('learning.viewer-rows-changed', { userId }, { tx });
      await tx.execute(
        sql`delete from course_enrollments
          where course_id = ${courseId} and user_id = ${userId} and client_id = ${actor.clientId}`,
      );
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'course.unenroll_user',
        target: { type: 'course', id: courseId },
        details: { userId },
      });
    });
    return { ok: true as const };
  }

  /** Everyone enrolled in the course or with progress in it, with their progress (one statement). */
  async function rows(
    clientId: number,
    courseId: number,
    q: { search: string; page: number; pageSize: number } | null,
  ) {
    const c = await course(clientId, courseId);
    const search = q?.search
      ? sql` and (lower(u.first_name || ' ' || u.last_name) like ${like(q.search)} or lower(u.email) like ${like(q.search)})`
      : sql``;
    const paging = q ? sql` limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}` : sql``;
    const list = rowsOf<{
      user_id: number;
      full_name: string;
      email: string | null;
      enrolled_at: string | Date | null;
      completed_count: number | null;
      started_at: string | Date | null;
      finished_at: string | Date | null;
      last_activity_at: string | Date | null;
      total: number;
    }>(
      await db.execute(sql`
        with people as (
          select user_id from course_enrollments where course_id = ${courseId}
          union select user_id from course_progress where course_id = ${courseId})
        select u.id as user_id, trim(u.first_name || ' ' || u.last_name) as full_name, u.email, e.enrolled_at,
          cp.completed_count, cp.started_at, cp.finished_at, cp.last_activity_at, count(*) over ()::int as total
        from people p join users u on u.id = p.user_id
        join user_clients uc on uc.user_id = u.id and uc.client_id = ${clientId}
        left join course_enrollments e on e.course_id = ${courseId} and e.user_id = u.id
        left join course_progress cp on cp.course_id = ${courseId} and cp.user_id = u.id
        where true${search}
        order by lower(u.first_name), lower(u.last_name), u.id${paging}`),
    );
    const out: CourseReportRow[] = list.map((r) => {
      const done = Math.min(r.completed_count ?? 0, c.activity_count);
      const status =
        c.activity_count > 0 && done >= c.activity_count
          ? 'finished'
          : r.started_at
            ? 'in_progress'
            : 'not_started';
      return {
        userId: r.user_id,
        fullName: r.full_name,
        email: r.email,
        enrolledAt: iso(r.enrolled_at),
        status,
        percent: c.activity_count > 0 ? Math.floor((done / c.activity_count) * 100) : 0,
        completedActivities: done,
        totalActivities: c.activity_count,
        startedAt: iso(r.started_at),
        finishedAt: status === 'finished' ? iso(r.finished_at) : null,
        lastActivityAt: iso(r.last_activity_at),
      };
    });
    return { course: c, rows: out, total: list[0]?.total ?? 0 };
  }

  async function report(
    clientId: number,
    courseId: number,
    q: { search: string; page: number; pageSize: number },
  ): Promise<CourseReportPage> {
    const r = await rows(clientId, courseId, q);
    return {
      course: { id: r.course.id, title: r.course.title, totalActivities: r.course.activity_count },
      items: r.rows,
      total: r.total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /**
   * The whole report as CSV for Excel: UTF-8 with a byte order mark (so accents open right), CRLF line
   * ends, ';' as separator where Excel's list separator is ';' (pt-BR, es, fr) and ',' in en-US.
   */
  async function csv(
    clientId: number,
    courseId: number,
    lang: LanguageCode,
  ): Promise<{ fileName: string; body: string }> {
    const r = await rows(clientId, courseId, null);
    const sep = lang === 'en-US' ? ',' : ';';
    const labels = statusLabels[lang];
    const lines = [csvHeaders[lang].map((h) => csvField(h, sep)).join(sep)];
    for (const row of r.rows) {
      lines.push(
        [
          row.userId,
          row.fullName,
          row.email,
          row.enrolledAt,
          labels[row.status] ?? row.status,
          row.percent,
          row.completedActivities,
          row.totalActivities,
          row.startedAt,
          row.finishedAt,
          row.lastActivityAt,
        ]
          .map((v) => csvField(v, sep))
          .join(sep),
      );
    }
    const slug = r.course.title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .toLowerCase()
      .replace(/^-|-$/g, '');
    return { fileName: `relatorio-${slug || r.course.id}.csv`, body: `\uFEFF${lines.join('\r\n')}\r\n` };
  }

  return { enrollments, enrollUsers, removeEnrollment, report, csv };
}
export type ReportService = ReturnType<typeof createReportService>;
