/** The seats module as other modules see it. */
export type { SeatsService } from './seats.service.ts';
