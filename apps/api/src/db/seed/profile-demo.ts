import { eq, inArray } from 'drizzle-orm';
import type { Seeder } from './run-seeders';
import { clients, sites } from '../schema/core';
import {
  inboxMessages,
  institutionalPages,
  supportTickets,
  userActivity,
  userProfiles,
} from '../schema/profile';
import { users } from '../schema/users';

type Lang = 'pt-BR' | 'en-US' | 'es' | 'fr';
type Pages = Record<string, Record<Lang, { title: string; body: string }>>;

/** The site's public institutional texts, in every language. */
const sitePages: Pages = {
  about: {
    'pt-BR': {
      title: 'Sobre a Trilha',
      body: `A **Trilha** é a plataforma de treinamento e relacionamento das equipes de vendas do varejo.

## O que você encontra aqui
- Cursos on-line, trilhas de aprendizagem e aulas ao vivo
- Pontos, medalhas e certificados a cada conquista
- Uma loja de prêmios para trocar seus pontos

Dúvidas? Fale com o [suporte](/institutional/support).`,
    },
    'en-US': {
      title: 'About Trilha',
      body: `**Trilha** is the training and loyalty platform for retail sales teams.

## What you will find here
- Online courses, learning trails and live classes
- Points, badges and certificates for every achievement
- A reward store to redeem your points

Questions? Contact [support](/institutional/support).`,
    },
    es: {
      title: 'Acerca de Trilha',
      body: `**Trilha** es la plataforma de capacitación y fidelización de los equipos de ventas del comercio minorista.

## Qué encontrará aquí
- Cursos en línea, rutas de aprendizaje y clases en vivo
- Puntos, medallas y certificados por cada logro
- Una tienda de premios para canjear sus puntos

¿Preguntas? Contacte al [soporte](/institutional/support).`,
    },
    fr: {
      title: 'À propos de Trilha',
      body: `**Trilha** est la plateforme de formation et de fidélisation des équipes de vente de la distribution.

## Ce que vous y trouverez
- Des cours en ligne, des parcours et des classes en direct
- Des points, des badges et des certificats à chaque réussite
- Une boutique de récompenses pour échanger vos points

Des questions ? Contactez le [support](/institutional/support).`,
    },
  },
  terms: {
    'pt-BR': {
      title: 'Termos e condições',
      body: `## 1. Participação
A participação é pessoal e intransferível. Cada pessoa pode manter apenas uma conta.

## 2. Pontos
Os pontos de campanha expiram ao fim de cada campanha e não podem ser usados depois.

## 3. Conduta
Contas com atividade incompatível com o regulamento podem ser **bloqueadas**.`,
    },
    'en-US': {
      title: 'Terms and conditions',
      body: `## 1. Participation
Participation is personal and non-transferable. Each person may keep only one account.

## 2. Points
Campaign points expire at the end of each campaign and cannot be used afterwards.

## 3. Conduct
Accounts with activity inconsistent with the rules may be **blocked**.`,
    },
    es: {
      title: 'Términos y condiciones',
      body: `## 1. Participación
La participación es personal e intransferible. Cada persona puede tener una sola cuenta.

## 2. Puntos
Los puntos de campaña vencen al final de cada campaña y no pueden usarse después.

## 3. Conducta
Las cuentas con actividad incompatible con el reglamento pueden ser **bloqueadas**.`,
    },
    fr: {
      title: 'Conditions générales',
      body: `## 1. Participation
La participation est personnelle et non transférable. Chaque personne ne peut avoir qu'un compte.

## 2. Points
Les points de campagne expirent à la fin de chaque campagne et ne peuvent plus être utilisés.

## 3. Conduite
Les comptes dont l'activité est contraire au règlement peuvent être **bloqués**.`,
    },
  },
  privacy: {
    'pt-BR': {
      title: 'Política de privacidade',
      body: `Tratamos seus dados pessoais apenas para operar o programa: cadastro, treinamentos, pontos e prêmios.

- Você pode corrigir seus dados a qualquer momento no seu **perfil**.
- Você pode pedir a **exclusão da sua conta** no perfil; seus dados pessoais são anonimizados.
- Não vendemos seus dados a terceiros.`,
    },
    'en-US': {
      title: 'Privacy policy',
      body: `We process your personal data only to run the program: registration, training, points and rewards.

- You can correct your data at any time in your **profile**.
- You can ask for your **account to be deleted** in your profile; your personal data is anonymized.
- We never sell your data to third parties.`,
    },
    es: {
      title: 'Política de privacidad',
      body: `Tratamos sus datos personales solo para operar el programa: registro, capacitaciones, puntos y premios.

- Puede corregir sus datos en cualquier momento en su **perfil**.
- Puede solicitar la **eliminación de su cuenta** en el perfil; sus datos personales se anonimizan.
- No vendemos sus datos a terceros.`,
    },
    fr: {
      title: 'Politique de confidentialité',
      body: `Nous traitons vos données personnelles uniquement pour faire fonctionner le programme : inscription, formations, points et récompenses.

- Vous pouvez corriger vos données à tout moment dans votre **profil**.
- Vous pouvez demander la **suppression de votre compte** dans votre profil ; vos données personnelles sont anonymisées.
- Nous ne vendons jamais vos données.`,
    },
  },
  cookies: {
    'pt-BR': {
      title: 'Política de cookies',
      body: `Usamos cookies **essenciais** para manter sua sessão e suas preferências de idioma.

Com a sua permissão, também usamos cookies de **análise** para entender como a plataforma é usada. Você pode mudar sua escolha a qualquer momento nas preferências de cookies.`,
    },
    'en-US': {
      title: 'Cookie policy',
      body: `We use **essential** cookies to keep you signed in and remember your language.

With your permission we also use **analytics** cookies to understand how the platform is used. You can change your choice at any time in the cookie preferences.`,
    },
    es: {
      title: 'Política de cookies',
      body: `Usamos cookies **esenciales** para mantener su sesión y sus preferencias de idioma.

Con su permiso, también usamos cookies de **análisis** para entender cómo se usa la plataforma. Puede cambiar su elección en cualquier momento en las preferencias de cookies.`,
    },
    fr: {
      title: 'Politique relative aux cookies',
      body: `Nous utilisons des cookies **essentiels** pour maintenir votre session et mémoriser votre langue.

Avec votre accord, nous utilisons aussi des cookies de **mesure d'audience**. Vous pouvez modifier votre choix à tout moment dans les préférences de cookies.`,
    },
  },
  support: {
    'pt-BR': {
      title: 'Suporte',
      body: 'Envie sua dúvida pelo formulário abaixo. Respondemos por e-mail em até **7 dias úteis**.',
    },
    'en-US': {
      title: 'Support',
      body: 'Send us your question with the form below. We answer by e-mail within **7 working days**.',
    },
    es: {
      title: 'Soporte',
      body: 'Envíe su consulta con el formulario a continuación. Respondemos por correo en hasta **7 días hábiles**.',
    },
    fr: {
      title: 'Support',
      body: 'Envoyez votre question avec le formulaire ci-dessous. Nous répondons par e-mail sous **7 jours ouvrés**.',
    },
  },
  contact: {
    'pt-BR': {
      title: 'Fale conosco',
      body: 'Sugestões, elogios ou reclamações sobre o programa? Escreva para nós. Respondemos em até **7 dias úteis**.',
    },
    'en-US': {
      title: 'Contact us',
      body: 'Suggestions, praise or complaints about the program? Write to us. We answer within **7 working days**.',
    },
    es: {
      title: 'Contáctenos',
      body: '¿Sugerencias, elogios o reclamos sobre el programa? Escríbanos. Respondemos en hasta **7 días hábiles**.',
    },
    fr: {
      title: 'Nous contacter',
      body: 'Suggestions, compliments ou réclamations sur le programme ? Écrivez-nous. Nous répondons sous **7 jours ouvrés**.',
    },
  },
};

const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);

/** Demo profiles, messages, institutional texts and support tickets for the demo accounts. */
export const profileDemoSeeder: Seeder = {
  name: 'profile-demo',
  async run(db) {
    const [site] = await db.select().from(sites).where(eq(sites.isDefault, true));
    if (site) {
      const rows = Object.entries(sitePages).flatMap(([slug, byLang]) =>
        Object.entries(byLang).map(([language, page]) => ({ siteId: site.id, slug, language, ...page })),
      );
      await db.insert(institutionalPages).values(rows);
    }
    const demo = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, ['learner@demo.example', 'promoter@demo.example', 'clerk@demo.example']));
    const idOf = (email: string) => demo.find((u) => u.email === email)?.id;
    const [aurora] = await db.select().from(clients).where(eq(clients.slug, 'aurora'));
    const [nimbus] = await db.select().from(clients).where(eq(clients.slug, 'nimbus'));
    const learner = idOf('learner@demo.example');
    if (!learner || !aurora || !nimbus) return;

    await db.update(users).set({ phone: '+5511987654321', phoneVerified: true }).where(eq(users.id, learner));
    await db.insert(userProfiles).values({
      userId: learner,
      nickname: 'Aninha',
      storeNickname: 'Ana da Paulista',
      birthday: '1993-04-12',
      gender: 'female',
      maritalStatus: 'married',
      childrenCount: 1,
      phoneWhatsapp: '+5511987654321',
      zipCode: '01310-100',
      street: 'Avenida Paulista',
      number: '1578',
      complement: 'Loja 12',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      country: 'BRA',
      profession: 'Consultora de vendas',
      gminNumber: 'GM-204518',
      cadvCode: 'CADV-3381',
      code: 'AV-0457',
      store: 'Aurora Paulista',
      brand: 'Aurora',
      branch: 'São Paulo Centro',
      retailer: 'Aurora Varejo S.A.',
    });
    await db.insert(inboxMessages).values([
      {
        userId: learner,
        clientId: aurora.id,
        title: 'Bem-vinda ao programa Aurora!',
        body: 'Seu cadastro foi aprovado. Comece pela trilha "Atendimento que encanta" e ganhe seus primeiros pontos.',
        createdAt: daysAgo(12),
        readAt: daysAgo(11),
      },
      {
        userId: learner,
        clientId: aurora.id,
        title: 'Você chegou ao nível Criador',
        body: 'Parabéns! Sua mudança de nível está em análise pelo administrador do programa.',
        createdAt: daysAgo(3),
      },
      {
        userId: learner,
        clientId: aurora.id,
        title: 'Nova aula ao vivo na quinta-feira',
        body: 'Aula "Vitrines que vendem" às 19h. Inscreva-se pela página de aulas ao vivo.',
        createdAt: daysAgo(1),
      },
      {
        userId: learner,
        clientId: nimbus.id,
        title: 'Campanha Nimbus de verão',
        body: 'A nova campanha começou. Registre suas vendas em até 15 dias.',
        createdAt: daysAgo(2),
      },
    ]);
    await db.insert(userActivity).values([
      {
        userId: learner,
        clientId: aurora.id,
        kind: 'profile_updated',
        detail: 'contact',
        createdAt: daysAgo(9),
      },
      { userId: learner, clientId: aurora.id, kind: 'phone_verified', createdAt: daysAgo(9) },
    ]);
    const promoter = idOf('promoter@demo.example');
    await db.insert(supportTickets).values([
      {
        kind: 'support',
        siteId: site?.id ?? null,
        name: 'Patrícia Gomes',
        email: 'patricia.gomes@example.com',
        subject: 'access',
        message: 'Não recebi o e-mail para criar minha senha. Podem reenviar?',
        language: 'pt-BR',
        createdAt: daysAgo(2),
      },
      {
        kind: 'contact',
        clientId: nimbus.id,
        userId: promoter ?? null,
        name: 'Bruno Carvalho',
        email: 'promoter@demo.example',
        subject: 'points',
        message: 'Minha venda de 10/11 ainda aparece como pendente. Quando será auditada?',
        language: 'pt-BR',
        status: 'in_progress',
        createdAt: daysAgo(4),
      },
    ]);
  },
};
