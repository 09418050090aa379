import { describe, expect, it } from 'vitest';
import { detectIntents, type Intents } from './intents.ts';

const holds = (intent: keyof Intents) => (text: string) => expect(detectIntents(text)[intent], text).toBe(true);
const lacks = (intent: keyof Intents) => (text: string) => expect(detectIntents(text)[intent], text).toBe(false);

describe('detectIntents', () => {
  it.each([
    'Quiero hablar con una persona, por favor',
    'quiero hablar con un humano',
    'Prefiero que me llame un asesor de ustedes',
    'Necesito hablar con alguien del club, es sobre un cobro',
    'me pueden llamar?',
    'Atención humana',
    'pásame con un asesor',
    'No, quiero hablar con una persona',
    'QUIERO HABLAR CON EL GERENTE',
    'I want to talk to a human',
    'can I speak with a real person?',
    'Asesor por favor',
    'un humano',
    'llámenme por favor',
    '¿Me comunicas con la doctora?',
    'quiero que me atienda una persona',
    'Quisiera hablar directamente con la directora',
  ])('hand-off: %s', holds('handoff'));

  it.each([
    'no quiero hablar con nadie, solo una pregunta',
    'no necesito un asesor, gracias',
    '¿Cómo se llama el doctor?',
    'Me llamo Laura',
    '¿cuánto cuesta la limpieza?',
  ])('not a hand-off: %s', lacks('handoff'));

  it.each(['¿eres un bot?', 'Eres humano?', '¿estoy hablando con una persona real?', '¿Hablo con una máquina?', 'are you a bot?', '¿con quién hablo?'])(
    'bot question: %s',
    holds('botQuestion'),
  );

  it.each([
    'Hola, quiero agendar una limpieza dental para el jueves a las 4 de la tarde',
    'Quiero una cita para el domingo a las 11',
    'Quiero reservar una cancha mañana a las 8 de la noche',
    'quisiera sacar una cita',
    '¿Me puedes agendar el lunes?',
    'Quiero agendar una visita al loft de Roma Norte',
    'apartame el viernes a las 5',
    'ajendar cita',
    '¿Puedo ir a conocer el colegio el sábado a las 10?',
    'I would like to book an appointment',
  ])('booking: %s', holds('booking'));

  it.each([
    'Si cancelo mi reserva, ¿me cobran?',
    '¿Qué pasa si cancelo mi cita el mismo día?',
    '¿Cuánto cuesta rentar una cancha?',
    'no quiero agendar nada todavía',
    '¿Puedo ir a ver una propiedad el domingo?',
    '¿Cuánto cuesta la reserva?',
    '¿Tienen agenda el sábado?',
  ])('not a booking: %s', lacks('booking'));

  it.each(['Quiero cancelar mi cita', 'cancela mi reserva por favor', 'necesito cancelar', 'Sí, cancela mi cita'])('cancel: %s', holds('cancel'));
  it.each(['Si cancelo mi reserva, ¿me cobran?', '¿Qué pasa si cancelo mi cita el mismo día?', '¿cuál es la política si cancelo?'])(
    'a question about cancelling, not a cancellation: %s',
    lacks('cancel'),
  );

  it.each(['Quiero cambiar mi cita al viernes', 'necesito reagendar', '¿puedo mover mi cita?', 'reprogramar mi reserva', 'I need to reschedule', 'quiero cambiarla al sábado', '¿la puedo moverla para el lunes?', 'can I move my appointment?'])(
    'reschedule: %s',
    holds('reschedule'),
  );

  it.each(['Sí', 'si', 'Sí, confirmo', 'Claro', 'confirmo', 'Va', 'ok', 'Perfecto', 'De acuerdo', 'siii', 'sí por favor', 'Confimo', 'yes', '👍'])(
    'confirm: %s',
    holds('confirm'),
  );
  it.each(['No', 'no gracias', 'mejor no', 'nel', 'No, mejor el lunes', 'no me queda', 'Si cancelo, ¿me cobran?'])('not a confirmation: %s', lacks('confirm'));
  it.each(['No', 'no gracias', 'mejor no', 'nel', 'ya no', 'no puedo ese día'])('deny: %s', holds('deny'));

  it.each(['Hola', 'hola!', 'Buenas tardes', 'buenos días', 'Holaaa', 'hello', 'Qué tal'])('greeting: %s', holds('greeting'));
  it.each(['Gracias', 'muchas gracias!', 'te agradezco', 'thanks'])('thanks: %s', holds('thanks'));
  it.each(['Adiós', 'hasta luego', 'bye', 'nos vemos'])('goodbye: %s', holds('goodbye'));

  it.each(['¿Tienen estacionamiento?', 'cuanto cuesta la limpieza', 'Donde estan', 'me gustaría saber el precio', 'Tienen alberca'])('question: %s', holds('question'));
  it.each(['Tengo una urgencia, me duele muchísimo una muela', 'tengo un problema con mi cobro'])('distress: %s', holds('distress'));
});
