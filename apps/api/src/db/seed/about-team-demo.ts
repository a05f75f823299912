import { asc } from 'drizzle-orm';
import type { Seeder } from './run-seeders';
import { sites } from '../schema/core';
import { aboutTeamMembers } from '../schema/learning';

/** The people behind the courses, shown on the public about-team page of the demo site. */
const members = [
  {
    name: 'Mariana Albuquerque',
    role: 'Coordenadora de Educação Corporativa',
    bio: 'Há doze anos desenha trilhas de formação para equipes de loja. Acredita que um bom treinamento cabe no intervalo do café.',
  },
  {
    name: 'Rodrigo Tavares',
    role: 'Especialista em Vendas Consultivas',
    bio: 'Ex-gerente de loja, hoje escreve os cursos de negociação e atendimento a partir do que funciona no balcão.',
  },
  {
    name: 'Camila Nogueira',
    role: 'Designer Instrucional',
    bio: 'Transforma manuais em aulas curtas, com vídeos, quizzes e pacotes SCORM que se adaptam ao celular.',
  },
  {
    name: 'Thiago Ferraz',
    role: 'Produtor de Conteúdo Multimídia',
    bio: 'Grava e edita os vídeos e podcasts da plataforma, sempre com legenda e transcrição.',
  },
  {
    name: 'Lúcia Campos',
    role: 'Analista de Dados de Aprendizagem',
    bio: 'Acompanha o progresso das turmas e ajuda gestores a encontrar quem precisa de apoio antes da próxima campanha.',
  },
];

export const aboutTeamDemoSeeder: Seeder = {
  name: 'about-team-demo',
  async run(db) {
    const [site] = await db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id)).limit(1);
    if (!site) return;
    await db
      .insert(aboutTeamMembers)
      .values(members.map((m, i) => ({ ...m, siteId: site.id, position: i + 1 })));
  },
};
