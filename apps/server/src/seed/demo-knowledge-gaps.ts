import type { Db } from '../db/client.ts';
import type { UserRow } from '../modules/auth/auth.repository.ts';
import { knowledgeGapsRepository } from '../modules/knowledge-gaps/knowledge-gaps.repository.ts';
import { questionWords } from '../modules/knowledge-gaps/question-words.ts';
import type { TrainingService } from '../modules/training/training.service.ts';

const HOUR = 3_600_000;

/**
 * Questions the clinic's assistant could not answer: each asked by several customers in their own
 * words (`hoursAgo` of each, oldest first), and one the owner already answered.
 */
export const demoKnowledgeGaps: { asked: { text: string; hoursAgo: number }[]; answer?: string }[] = [
  {
    asked: [
      { text: '¿Aceptan American Express a meses sin intereses?', hoursAgo: 70 },
      { text: 'Hola, ¿puedo pagar con American Express a meses?', hoursAgo: 30 },
      { text: 'con tarjeta american express si hay meses sin intereses?', hoursAgo: 5 },
    ],
  },
  {
    asked: [
      { text: '¿Hacen tratamientos con sedación? Me da mucho miedo el dentista', hoursAgo: 120 },
      { text: '¿Trabajan con sedación para tratamientos?', hoursAgo: 26 },
    ],
  },
  {
    asked: [
      { text: '¿Tienen consultorio con rampa o elevador para silla de ruedas?', hoursAgo: 50 },
      { text: 'Mi mamá usa silla de ruedas, ¿hay elevador?', hoursAgo: 8 },
      { text: '¿El consultorio tiene elevador para silla de ruedas?', hoursAgo: 3 },
      { text: '¿Hay rampa para silla de ruedas?', hoursAgo: 2 },
    ],
  },
  {
    asked: [{ text: '¿Tienen wifi en la sala de espera?', hoursAgo: 96 }],
    answer: 'Sí, tenemos wifi gratuito en la sala de espera: la red es «SonrisaPlena-Pacientes» y la contraseña te la dan en recepción.',
  },
];

/** The demo clinic's unanswered questions, counted per customer as the bot records them; the answered one is in its knowledge. */
export async function seedDemoKnowledgeGaps(db: Db, training: Pick<TrainingService, 'learnAnswer'>, owner: UserRow, botId: string, contactIds: string[], now: Date): Promise<void> {
  const repo = knowledgeGapsRepository(db);
  for (const gap of demoKnowledgeGaps) {
    const [first, ...later] = gap.asked;
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
    const row = await repo.create({ botId, question: first!.text, words: questionWords(first!.text), contactId: contactIds[0] ?? null, at: at(first!.hoursAgo) });
    for (const [i, asked] of later.entries()) {
      const contactId = contactIds[(i + 1) % Math.max(contactIds.length, 1)];
      if (contactId) await repo.asked(row.id, contactId, at(asked.hoursAgo), asked.text, 5);
    }
    if (gap.answer && (await repo.claimAnswer(row.id, gap.answer, owner.id, at(first!.hoursAgo - 20)))) {
      const entry = await training.learnAnswer(owner, botId, first!.text, gap.answer, 'es');
      await repo.setDocument(row.id, entry.id);
    }
  }
}
