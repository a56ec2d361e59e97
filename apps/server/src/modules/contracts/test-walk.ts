/**
 * Test helpers for the demo templates: seeded as published, and a questionnaire walked as the web
 * walks it (`POST /contract/questions` until it answers null, each answer saved), counting the
 * questions the lawyer had to answer.
 */
import { ROLES } from '@lexpath/shared';
import { isLawyerRole } from '@lexpath/shared/parties';
import type { TAnswers, TAnswerValue } from '@lexpath/shared/schemas/questions';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { accordoRiservatezza } from '../../../demo-templates/accordo-riservatezza/source.ts';
import { conferimentoIncarico } from '../../../demo-templates/conferimento-incarico/source.ts';
import { locazioneAbitativa } from '../../../demo-templates/locazione-abitativa/source.ts';
import { prestazioneOperaProfessionale } from '../../../demo-templates/prestazione-opera-professionale/source.ts';
import { templates } from '../../db/schema.ts';
import type { TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { seedDemoTemplates } from '../templates/demo-templates.ts';

export const DEMO_SOURCES = {
  locazione: locazioneAbitativa,
  nda: accordoRiservatezza,
  incarico: conferimentoIncarico,
  prestazione: prestazioneOperaProfessionale,
};
export type DemoName = keyof typeof DEMO_SOURCES;

/** The demo templates, published: demo name → template id. */
export async function seedDemos(ctx: TestContext): Promise<Record<DemoName, string>> {
  const editor = await ctx.buildUser({ role: ROLES.editor });
  await ctx.db.transaction((tx) => seedDemoTemplates(tx, { createdBy: editor.id }));
  const ids = {} as Record<DemoName, string>;
  for (const [name, source] of Object.entries(DEMO_SOURCES)) {
    const [row] = await ctx.db
      .select({ id: templates.id })
      .from(templates)
      .where(eq(templates.name, source.name));
    expect(row, source.name).toBeDefined();
    ids[name as DemoName] = row?.id ?? '';
  }
  return ids;
}

type AskedQuestion = {
  variable: string;
  type?: string;
  options: string[];
  is_multiple_selection: boolean;
  parte?: { ruolo: string };
};

/**
 * What the lawyer answers: the demo's fact for the question, else its first option (a list of
 * it for a multiple selection).
 */
function answerOf(facts: TAnswers, question: AskedQuestion): TAnswerValue {
  const fact = facts[question.variable];
  if (fact !== undefined) return fact;
  const [first] = question.options;
  if (first === undefined) throw new Error(`no fact for ${question.variable}`);
  return question.is_multiple_selection ? [first] : first;
}

/**
 * Walks a questionnaire to its end as the web does: the next question for the answers so far,
 * answered and saved (the first answer starts the contract, with what the server prefills,
 * unless `contractId` already has some; a first question of the lawyer's own starts it at once). Returns the contract and the keys of the questions the lawyer was asked, in order.
 */
export async function walkQuestionnaire(
  ctx: TestContext,
  as: TestUser,
  templateId: string,
  facts: TAnswers,
  contractId?: string,
): Promise<{ id: string; asked: string[]; answers: TAnswers }> {
  const inject = ctx.injectAs(as);
  let id = contractId;
  let answers: TAnswers = {};
  if (id) {
    const detail = await inject({ method: 'GET', url: `/api/contract/${id}` });
    expect(detail.statusCode, detail.body).toBe(200);
    answers = detail.json().data.answers;
  }
  const asked: string[] = [];
  for (let step = 0; step < 200; step += 1) {
    const next = await inject({
      method: 'POST',
      url: `/api/contract/questions?type=${templateId}`,
      payload: answers,
    });
    expect(next.statusCode, next.body).toBe(200);
    const question: AskedQuestion | null = next.json().data;
    if (!question) break;
    // A first question of the lawyer's own starts the contract unasked: the server fills it.
    if (!id && question.parte && isLawyerRole(question.parte.ruolo)) {
      const started = await inject({
        method: 'PUT',
        url: '/api/contract/',
        payload: { type: templateId, answers },
      });
      expect(started.statusCode, started.body).toBe(200);
      id = started.json().data.id;
      answers = started.json().data.answers;
      continue;
    }
    asked.push(question.variable);
    answers = { ...answers, [question.variable]: answerOf(facts, question) };
    const saved = await inject(
      id
        ? { method: 'PUT', url: `/api/contract/${id}`, payload: { answers } }
        : { method: 'PUT', url: '/api/contract/', payload: { type: templateId, answers } },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    // As the web does, the walk goes on from the answers the new contract started with.
    if (!id) answers = saved.json().data.answers;
    id = saved.json().data.id;
  }
  if (!id) throw new Error('the questionnaire asked nothing');
  return { id, asked, answers };
}
