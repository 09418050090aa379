// The face of features/knowledge-gaps: the CRM's "Sin respuesta" tab, and the inbox's "Enseñar al asistente".
/** The "Sin respuesta" tab, downloaded when it is shown. */
export const loadGapsTab = () => import('./components/gaps-tab.tsx');
/** The dialog that saves a person's reply as the bot's knowledge, downloaded when first opened. */
export const loadTeachDialog = () => import('./components/teach-dialog.tsx');
