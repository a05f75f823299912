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
