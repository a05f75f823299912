import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../src/db/client';

/**
 * The benchmark's dataset, in bulk SQL: `users` users spread over the demo clients, each with one live
 * session holding one unspent refresh token `bench-<n>` (so the refresh grant can be driven at full
 * speed without two requests sharing a token).
 */
export async function seedBenchUsers(db: Db, count: number) {
  const [{ hash } = { hash: '' }] = rowsOf<{ hash: string }>(
    await db.execute(sql`select password_hash as hash from users where email = 'learner@demo.example'`),
  );
  await db.execute(sql`
    insert into users (username, email, document, document_country, password_hash, first_name, last_name, language_id, selected_client_id, country_id)
    select 'bench' || i, 'bench' || i || '@bench.example', null, 'BRA', ${hash}, 'Bench', 'User ' || i,
           1 + (i % 4), (select min(id) from clients) + (i % 2), (select min(id) from countries)
    from generate_series(1, ${count}) as i`);
  await db.execute(sql`
    insert into user_clients (user_id, client_id, roles)
    select u.id, u.selected_client_id, '{sales_agent}' from users u where u.username like 'bench%'`);
  await db.execute(sql`
    insert into auth_sessions (id, user_id, app_id, kind, expires_at)
    select gen_random_uuid(), u.id, (select id from oauth_apps where client_id = 'trilha-web'), 'password', now() + interval '30 days'
    from users u where u.username like 'bench%'`);
  await db.execute(sql`
    insert into refresh_tokens (session_id, token_hash)
    select s.id, encode(sha256(convert_to('bench-' || substr(u.username, 6), 'UTF8')), 'hex')
    from auth_sessions s join users u on u.id = s.user_id where u.username like 'bench%'`);
  const rows = rowsOf<{ sid: string; uid: number }>(
    await db.execute(sql`select s.id as sid, u.id as uid from auth_sessions s join users u on u.id = s.user_id
                         where u.username like 'bench%' order by u.id`),
  );
  // The first users are the "active" ones whose session state is read again and again (cached); the
  // rest are read once each, to measure the first read of a user's session.
  const active = Number(process.env.BENCH_ACTIVE ?? 2000);
  return { active: rows.slice(0, active), cold: rows.slice(active) };
}

export interface BenchLearningData {
  clientId: number;
  /** Learners with many enrollments (the scenarios' callers), all among the active users. */
  learnerIds: number[];
  /** (learner, course) pairs the learner may open: their visible enrolled courses and ~40 others, shuffled. */
  detailPairs: { userId: number; courseId: number }[];
  courses: number;
  enrollments: number;
}

/**
 * The learning catalog of the benchmark, in bulk SQL: `courses` courses of the first client (modules,
 * activities of several kinds, categories, tags, prerequisites, some limited to audiences, some
 * unpublished), trails over part of them, and `enrollments` enrollments over that client's bench users
 * with their course and activity progress. The first `heavy` users of the client (all active) get
 * `perHeavy` enrollments each, the others share the rest. Deterministic: no random().
 */
export async function seedBenchLearning(
  db: Db,
  opts: { courses: number; enrollments: number; heavy?: number; perHeavy?: number },
): Promise<BenchLearningData> {
  const C = opts.courses;
  const [{ client_id: clientId } = { client_id: 0 }] = rowsOf<{ client_id: number }>(
    await db.execute(sql`select min(id) as client_id from clients`),
  );
  // Whole numbers inline: as parameters, arithmetic on them would need a cast at every use.
  const n = (x: number) => sql.raw(String(Math.trunc(x)));
  const ids = (r: unknown) => rowsOf<{ id: number }>(r).map((x) => Number(x.id));

  const areaIds = ids(
    await db.execute(sql`insert into audience_areas (client_id, name)
      select ${n(clientId)}, 'Bench area ' || i from generate_series(1, 10) i returning id`),
  );
  const groupIds = ids(
    await db.execute(sql`insert into audience_groups (client_id, name)
      select ${n(clientId)}, 'Bench group ' || i from generate_series(1, 6) i returning id`),
  );
  const tagIds = ids(
    await db.execute(sql`insert into learning_tags (client_id, name)
      select ${n(clientId)}, 'bench-tag-' || i from generate_series(1, 30) i returning id`),
  );
  const categoryIds = ids(
    await db.execute(sql`insert into learning_categories (client_id, name)
      select ${n(clientId)}, 'Bench category ' || i from generate_series(1, 12) i returning id`),
  );
  const arr = (xs: number[]) => `{${xs.join(',')}}`;

  // The client's bench users, ranked by id: every one in an area, a third in a group.
  // A plain table, not a temporary one: on PostgreSQL the statements below may run on other connections.
  await db.execute(sql`drop table if exists bench_learners`);
  await db.execute(sql`
    create table bench_learners as
    select u.id as user_id, (row_number() over (order by u.id) - 1)::int as k
    from users u where u.username like 'bench%' and u.selected_client_id = ${n(clientId)}`);
  await db.execute(sql`
    insert into audience_area_members (area_id, user_id)
    select (${arr(areaIds)}::int[])[1 + k % 10], user_id from bench_learners`);
  await db.execute(sql`
    insert into audience_group_members (group_id, user_id)
    select (${arr(groupIds)}::int[])[1 + k % 6], user_id from bench_learners where k % 3 = 0`);

  // Courses: titles from word lists (so a search matches a realistic share), 2–4 modules of 2–5
  // activities; every 25th unpublished, a sixth limited to areas, some to groups, roles or a country.
  const [{ first_id: firstCourse } = { first_id: 0 }] = rowsOf<{ first_id: number }>(
    await db.execute(sql`
    with ins as (
      insert into courses (client_id, title, description, cover_key, workload_minutes, category_id, tag_ids,
        subscription_mode, is_public, published, published_at, audience_area_ids, audience_group_ids,
        audience_country_ids, audience_roles, activity_count)
      select ${n(clientId)},
        (array['Vendas','Atendimento','Liderança','Produto','Segurança','Finanças','Marketing','Logística',
               'Comunicação','Negociação','Estoque','Visual merchandising','Compliance','Inovação','Gestão',
               'Excelência','Tecnologia','Sustentabilidade','Qualidade','Onboarding'])[1 + i % 20]
          || ' ' || (array['essencial','avançado','na prática','para lojas','em equipe','do cliente',
               'digital','estratégico','básico','intensivo','aplicado','para gestores'])[1 + (i / 20) % 12]
          || ' ' || lpad(i::text, 4, '0'),
        'Curso de referência para a rede, com módulos práticos e avaliação ao final. ' || repeat('Conteúdo. ', 8),
        case when i % 10 <> 0 then 'learning/covers/bench-' || i || '/cover.webp' end,
        30 + (i % 8) * 15,
        (${arr(categoryIds)}::int[])[1 + i % 12],
        array[(${arr(tagIds)}::int[])[1 + i % 30], (${arr(tagIds)}::int[])[1 + (i * 7) % 30]],
        case when i % 10 < 7 then 'open' when i % 10 < 9 then 'enrollment' else 'assigned' end,
        i % 50 = 0,
        i % 25 <> 0,
        case when i % 25 <> 0 then now() - (i || ' minutes')::interval end,
        case when i % 6 = 1 then array[(${arr(areaIds)}::int[])[1 + i % 10], (${arr(areaIds)}::int[])[1 + (i / 6) % 10]] else '{}' end,
        case when i % 15 = 2 then array[(${arr(groupIds)}::int[])[1 + i % 6]] else '{}' end,
        case when i % 40 = 3 then array[(select min(id) from countries)] when i % 40 = 4 then array[(select max(id) from countries)] else '{}' end,
        case when i % 30 = 5 then array['sales_agent'] when i % 30 = 6 then array['manager'] else '{}' end,
        (2 + i % 3) * (2 + i % 4)
      from generate_series(0, ${n(C - 1)}) i
      order by i
      returning id)
    select min(id)::int as first_id from ins`),
  );
  // i of a course = id - firstCourse (serial ids of one insert are consecutive here: nothing else writes).
  await db.execute(sql`
    update courses set prerequisite_ids = array[id - 1]
    where id > ${n(firstCourse)} and id < ${n(firstCourse + C)} and (id - ${n(firstCourse)}) % 20 = 7`);
  await db.execute(sql`
    insert into course_modules (client_id, course_id, position, title)
    select ${n(clientId)}, c.id, m, 'Módulo ' || m
    from courses c, generate_series(1, 2 + (c.id - ${n(firstCourse)}) % 3) m
    where c.id >= ${n(firstCourse)} and c.id < ${n(firstCourse + C)}`);
  await db.execute(sql`
    insert into activities (client_id, course_id, module_id, position, kind, title, description, requires_previous,
      settings, content_prefix, content_path, file_name, file_mime, file_size, file_group)
    select ${n(clientId)}, m.course_id, m.id, p, x.kind, 'Atividade ' || m.position || '.' || p, 'Descrição da atividade.',
      p > 1 and (m.course_id % 4 = 0),
      case when x.kind = 'video' then jsonb_build_object('durationSeconds', 120 + p * 60) else '{}'::jsonb end,
      'learning/bench/' || m.course_id || '/' || m.id || '-' || p, x.path,
      case when x.kind in ('pdf', 'file') then 'material-' || p || x.ext end, x.mime, 250000 + p * 1000,
      case when x.kind = 'file' then 'document' end
    from course_modules m
    cross join lateral generate_series(1, 2 + (m.course_id - ${n(firstCourse)}) % 4) p
    cross join lateral (select (array['video','pdf','html','scorm','file'])[1 + (m.id + p) % 5] as kind) k
    cross join lateral (select k.kind,
        case k.kind when 'video' then 'index.m3u8' when 'pdf' then 'file.pdf' when 'html' then 'index.html'
                    when 'scorm' then 'index_lms.html' else 'file.docx' end as path,
        case k.kind when 'pdf' then '.pdf' when 'file' then '.docx' else '' end as ext,
        case k.kind when 'pdf' then 'application/pdf' when 'file' then 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' end as mime) x
    where m.course_id >= ${n(firstCourse)} and m.course_id < ${n(firstCourse + C)}`);

  // Trails: one per 20 courses, 8 courses each (so 40% of the courses are in a trail), every third sequential.
  const trailCount = Math.max(1, Math.floor(C / 20));
  const [{ first_id: firstTrail } = { first_id: 0 }] = rowsOf<{ first_id: number }>(
    await db.execute(sql`
    with t as (
      insert into trails (client_id, title, description, category_id, subscription_mode, sequential, published, published_at)
      select ${n(clientId)}, 'Trilha ' || lpad(i::text, 3, '0'), 'Uma sequência de cursos.', (${arr(categoryIds)}::int[])[1 + i % 12],
        case when i % 5 = 0 then 'enrollment' else 'open' end, i % 3 = 0, true, now()
      from generate_series(0, ${n(trailCount - 1)}) i order by i returning id)
    insert into trail_items (client_id, trail_id, position, item_kind, item_id)
    select ${n(clientId)}, t.id, p, 'course', ${n(firstCourse)} + ((t.id - (select min(id) from t)) * 8 + p - 1) % ${n(C)}
    from t, generate_series(1, 8) p
    returning (select min(id) from t)::int as first_id`),
  );

  // Enrollments: heavy learners first (perHeavy each), the rest spread evenly; the j-th course of learner
  // k is (k·37 + j·97) mod C, distinct for j < C whenever 97 does not divide C.
  const [{ n: learners } = { n: 0 }] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from bench_learners`),
  );
  const heavy = Math.min(opts.heavy ?? 1000, learners);
  const perHeavy = Math.min(opts.perHeavy ?? 20, C);
  const rest = Math.max(0, opts.enrollments - heavy * perHeavy);
  const others = learners - heavy;
  const base = others > 0 ? Math.floor(rest / others) : 0;
  const extra = others > 0 ? rest % others : 0;
  await db.execute(sql`
    insert into course_enrollments (course_id, user_id, client_id, source, enrolled_at)
    select c.id, l.user_id, ${n(clientId)},
      case c.subscription_mode when 'open' then 'open' when 'enrollment' then 'self' else 'assigned' end,
      now() - ((l.k % 300) || ' days')::interval
    from bench_learners l
    cross join lateral generate_series(0,
      (case when l.k < ${n(heavy)} then ${n(perHeavy)} when l.k - ${n(heavy)} < ${n(extra)} then ${n(base + 1)} else ${n(base)} end) - 1) j
    join courses c on c.id = ${n(firstCourse)} + ((l.k * 37 + j * 97) % ${n(C)})
    on conflict do nothing`);

  // Progress for 70% of the enrollments: a quarter finished, the others part-way; activity rows match.
  await db.execute(sql`
    insert into course_progress (user_id, course_id, client_id, completed_count, started_at, finished_at, last_activity_at)
    select e.user_id, e.course_id, ${n(clientId)}, x.n, e.enrolled_at,
      case when x.n >= c.activity_count then e.enrolled_at + interval '3 days' end, e.enrolled_at + interval '2 days'
    from course_enrollments e join courses c on c.id = e.course_id
    cross join lateral (select case when (e.user_id + e.course_id) % 4 = 0 then c.activity_count
                                    else (e.user_id * 7 + e.course_id) % c.activity_count end as n) x
    where e.course_id >= ${n(firstCourse)} and e.course_id < ${n(firstCourse + C)} and (e.user_id * 3 + e.course_id) % 10 < 7`);
  await db.execute(sql`
    insert into activity_progress (user_id, activity_id, course_id, client_id, status, percent, started_at, completed_at)
    select cp.user_id, a.id, cp.course_id, ${n(clientId)},
      case when a.seq <= cp.completed_count then 'finished' else 'in_progress' end,
      case when a.seq <= cp.completed_count then 100 else 40 end,
      cp.started_at, case when a.seq <= cp.completed_count then cp.last_activity_at end
    from course_progress cp
    join (select a.id, a.course_id, row_number() over (partition by a.course_id order by m.position, a.position)::int as seq
          from activities a join course_modules m on m.id = a.module_id
          where a.course_id >= ${n(firstCourse)} and a.course_id < ${n(firstCourse + C)}) a
      on a.course_id = cp.course_id and a.seq <= cp.completed_count + 1
    where cp.course_id >= ${n(firstCourse)} and cp.course_id < ${n(firstCourse + C)}`);
  await db.execute(sql`
    insert into learning_favorites (user_id, item_kind, item_id, client_id)
    select l.user_id, 'course', ${n(firstCourse)} + ((l.k * 37 + j * 97) % ${n(C)}), ${n(clientId)}
    from bench_learners l, generate_series(0, 2) j where l.k < ${n(heavy)}
    on conflict do nothing`);
  await db.execute(sql`
    insert into trail_enrollments (trail_id, user_id, client_id, source)
    select ${n(firstTrail)} + (l.k % ${n(trailCount)}), l.user_id, ${n(clientId)}, 'self'
    from bench_learners l where l.k < ${n(heavy)}`);

  const learnerIds = rowsOf<{ user_id: number }>(
    await db.execute(sql`select user_id from bench_learners where k < ${n(heavy)} order by k`),
  ).map((r) => Number(r.user_id));
  // What each heavy learner may open: their visible enrolled courses and one in 50 of the visible others.
  const detailPairs = rowsOf<{ user_id: number; course_id: number }>(
    await db.execute(sql`
      with v as (
        select l.user_id, c.id as course_id, (e.user_id is not null) as enrolled
        from bench_learners l
        join courses c on c.client_id = ${n(clientId)} and c.published
          and c.id >= ${n(firstCourse)} and c.id < ${n(firstCourse + C)}
          and (c.id - ${n(firstCourse)}) % ${n(Math.max(1, Math.floor(C / 40)))} = l.k % ${n(Math.max(1, Math.floor(C / 40)))}
        left join course_enrollments e on e.user_id = l.user_id and e.course_id = c.id
        left join users u on u.id = l.user_id
        where l.k < ${n(heavy)}
          and (cardinality(c.audience_area_ids) = 0 or c.audience_area_ids &&
               array(select area_id from audience_area_members m where m.user_id = l.user_id))
          and (cardinality(c.audience_group_ids) = 0 or c.audience_group_ids &&
               array(select group_id from audience_group_members m where m.user_id = l.user_id))
          and (cardinality(c.audience_country_ids) = 0 or u.country_id = any(c.audience_country_ids))
          and (cardinality(c.audience_roles) = 0 or 'sales_agent' = any(c.audience_roles))
        union
        select e.user_id, c.id, true
        from bench_learners l join course_enrollments e on e.user_id = l.user_id
        join courses c on c.id = e.course_id and c.published
        join users u on u.id = l.user_id
        where l.k < ${n(heavy)}
          and (cardinality(c.audience_area_ids) = 0 or c.audience_area_ids &&
               array(select area_id from audience_area_members m where m.user_id = l.user_id))
          and (cardinality(c.audience_group_ids) = 0 or c.audience_group_ids &&
               array(select group_id from audience_group_members m where m.user_id = l.user_id))
          and (cardinality(c.audience_country_ids) = 0 or u.country_id = any(c.audience_country_ids))
          and (cardinality(c.audience_roles) = 0 or 'sales_agent' = any(c.audience_roles)))
      select user_id, course_id from v order by (user_id * 31 + course_id * 17) % 1009, user_id, course_id`),
  ).map((r) => ({ userId: Number(r.user_id), courseId: Number(r.course_id) }));
  const [{ n: enrollments } = { n: 0 }] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from course_enrollments where course_id >= ${n(firstCourse)} and course_id < ${n(firstCourse + C)}`,
    ),
  );
  await db.execute(sql`drop table bench_learners`);
  await db.execute(sql`analyze`);
  return { clientId, learnerIds, detailPairs, courses: C, enrollments };
}

export interface BenchLedgerData {
  clientId: number;
  /** Active bench users of the client with their statement (the statement row's callers). */
  learnerIds: number[];
  /** Every bench user of the client, the adjustment row's targets (spread, so no two wait on one account). */
  memberIds: number[];
  /** An active bench user made program administrator of the client: the adjustment row's caller. */
  adminId: number;
  entries: number;
}

/**
 * The ledgers of the benchmark, in bulk SQL: `perUser` entries for every bench user (points and XP in
 * turn, over the last weeks, from several sources), a lot for each points credit, and the accounts'
 * balances; deterministic. 100,000 users × 10 = 1,000,000 entries.
 */
export async function seedBenchLedger(
  db: Db,
  opts: { perUser: number; active: number },
): Promise<BenchLedgerData> {
  const n = (x: number) => sql.raw(String(Math.trunc(x)));
  await db.execute(sql`
    insert into ledger_entries (client_id, user_id, ledger, amount, balance_after, source, ref_type, ref_id,
      ref_label, idempotency_key, created_at)
    select uc.client_id, uc.user_id, case when k % 2 = 1 then 'points' else 'xp' end, 10 + k,
      sum(10 + k) over (partition by uc.user_id, k % 2 order by k),
      (array['course', 'sale', 'activity', 'trail'])[1 + k % 4],
      case when k % 4 = 1 then null else 'course' end, case when k % 4 = 1 then null else k end,
      case when k % 4 = 1 then null else 'Bench course ' || k end,
      'bench-' || k, now() - (${n(opts.perUser)} + 1 - k) * interval '2 days'
    from user_clients uc join users u on u.id = uc.user_id
    cross join generate_series(1, ${n(opts.perUser)}) k
    where u.username like 'bench%'`);
  await db.execute(sql`
    insert into point_lots (client_id, user_id, entry_id, amount, remaining, expires_at, created_at)
    select e.client_id, e.user_id, e.id, e.amount, e.amount,
      case when e.id % 3 = 0 then null else e.created_at + interval '365 days' end, e.created_at
    from ledger_entries e where e.ledger = 'points' and e.idempotency_key like 'bench-%'`);
  await db.execute(sql`
    insert into reward_accounts (client_id, user_id, points, xp)
    select e.client_id, e.user_id, coalesce(sum(e.amount) filter (where e.ledger = 'points'), 0),
      coalesce(sum(e.amount) filter (where e.ledger = 'xp'), 0)
    from ledger_entries e where e.idempotency_key like 'bench-%' group by e.client_id, e.user_id
    on conflict (client_id, user_id) do update set points = reward_accounts.points + excluded.points,
      xp = reward_accounts.xp + excluded.xp`);
  await db.execute(sql`analyze ledger_entries`);
  await db.execute(sql`analyze point_lots`);
  await db.execute(sql`analyze reward_accounts`);

  const [{ client_id: clientId } = { client_id: 0 }] = rowsOf<{ client_id: number }>(
    await db.execute(sql`select min(id) as client_id from clients`),
  );
  const members = rowsOf<{ id: number }>(
    await db.execute(sql`
      select u.id from users u join user_clients uc on uc.user_id = u.id and uc.client_id = ${clientId}
      where u.username like 'bench%' order by u.id`),
  ).map((r) => Number(r.id));
  const allBench = rowsOf<{ id: number }>(
    await db.execute(sql`select id from users where username like 'bench%' order by id limit ${opts.active}`),
  ).map((r) => Number(r.id));
  const activeSet = new Set(allBench);
  const learnerIds = members.filter((id) => activeSet.has(id));
  // The last active member: the learning rows' callers are the client's first users.
  const adminId = learnerIds.pop()!;
  await db.execute(sql`
    update user_clients set roles = '{program_admin}' where client_id = ${clientId} and user_id = ${adminId}`);
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ledger_entries where idempotency_key like 'bench-%'`),
  );
  return { clientId, learnerIds, memberIds: members, adminId, entries: Number(count?.n ?? 0) };
}
