import { describe, expect, it } from 'vitest';
import { failedStepOf, maskId, metaBadge, whatsmeowBadge, whatsmeowStalled, stepStates } from './channel-state.ts';

const error = (message: string) => ({ code: 'CHANNEL_NEEDS_REAUTH', message, meta_code: 190, detail: null, step: null, at: '2026-01-01T00:00:00Z' });

describe('metaBadge', () => {
  it('maps connected, needs_reauth and disconnected', () => {
    expect(metaBadge({ state: 'connected', last_error: null })).toEqual({ kind: 'connected', tone: 'success', reason: null });
    expect(metaBadge({ state: 'needs_reauth', last_error: error('Meta rechazó el token') })).toEqual({ kind: 'needsReauth', tone: 'warning', reason: 'Meta rechazó el token' });
    expect(metaBadge({ state: 'disconnected', last_error: error('No se pudo registrar') })).toMatchObject({ kind: 'disconnected', reason: 'No se pudo registrar' });
  });
  it('treats a missing channel as disconnected without a reason', () => {
    expect(metaBadge(null)).toEqual({ kind: 'disconnected', tone: 'muted', reason: null });
  });
});

describe('whatsmeowBadge', () => {
  const timeout = 'No se escaneó a tiempo';
  it('maps each session status', () => {
    expect(whatsmeowBadge({ status: 'connected', pair_error: null }, timeout, 'es').kind).toBe('connected');
    expect(whatsmeowBadge({ status: 'waiting_qr', pair_error: null }, timeout, 'es').kind).toBe('waitingQr');
    expect(whatsmeowBadge({ status: 'connecting', pair_error: null }, timeout, 'es').kind).toBe('connecting');
    expect(whatsmeowBadge({ status: 'disconnected', pair_error: 'WHATSAPP_LOGGED_OUT' }, timeout, 'es')).toEqual({
      kind: 'disconnected',
      tone: 'muted',
      reason: 'La sesión de WhatsApp se cerró desde el teléfono (Dispositivos vinculados). Conecta de nuevo y escanea un código QR nuevo.',
    });
    expect(whatsmeowBadge({ status: 'disconnected', pair_error: 'WHATSAPP_LOGGED_OUT' }, timeout, 'en').reason).toMatch(/^The WhatsApp session was closed from the phone/);
  });
  it('words a QR time-out when the server gives no reason', () => {
    expect(whatsmeowBadge({ status: 'qr_timeout', pair_error: null }, timeout, 'es')).toMatchObject({ kind: 'disconnected', reason: timeout });
    expect(whatsmeowBadge({ status: 'qr_timeout', pair_error: 'QR_TIMEOUT' }, timeout, 'es').reason).toBe('Nadie escaneó el código QR a tiempo. Vuelve a conectar para generar uno nuevo.');
  });
  it('leaves WhatsApp out of reach to the card, which says it once with the way to retry', () => {
    expect(whatsmeowBadge({ status: 'disconnected', pair_error: 'WHATSAPP_UNREACHABLE' }, timeout, 'es')).toEqual({ kind: 'disconnected', tone: 'muted', reason: null });
  });
  it('an unknown session (the status could not be read) is disconnected', () => {
    expect(whatsmeowBadge(null, timeout, 'es')).toEqual({ kind: 'disconnected', tone: 'muted', reason: null });
  });
});

describe('maskId', () => {
  it('keeps the last four digits and leaves masked ids alone', () => {
    expect(maskId('106540352242922')).toBe('…2922');
    expect(maskId('…2922')).toBe('…2922');
    expect(maskId('12')).toBe('…12');
    expect(maskId('')).toBe('');
    expect(maskId(null)).toBe('');
  });
});

describe('register steps', () => {
  it('marks the steps before the failed one done and the later ones pending', () => {
    expect(stepStates('subscribe', true)).toEqual({ exchange: 'done', subscribe: 'failed', register: 'pending' });
    expect(stepStates('register', false)).toEqual({ exchange: 'skipped', subscribe: 'done', register: 'failed' });
  });
  it('reads the failed step from the error body', () => {
    expect(failedStepOf({ step: 'subscribe', retryable: true })).toBe('subscribe');
    expect(failedStepOf({ step: 'register' })).toBe('register');
    expect(failedStepOf({ step: 'exchange' })).toBe('exchange');
    expect(failedStepOf({ step: 'otro' })).toBeNull();
    expect(failedStepOf({})).toBeNull();
  });

  it('calls linking stalled while it connects, or waits for a QR that never came', () => {
    expect(whatsmeowStalled({ status: 'connecting' }, false)).toBe(true);
    expect(whatsmeowStalled({ status: 'waiting_qr' }, false)).toBe(true);
    expect(whatsmeowStalled({ status: 'waiting_qr' }, true)).toBe(false);
    expect(whatsmeowStalled({ status: 'connected' }, false)).toBe(false);
    expect(whatsmeowStalled({ status: 'disconnected' }, false)).toBe(false);
    expect(whatsmeowStalled(null, false)).toBe(false);
  });
});
