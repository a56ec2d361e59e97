import { describe, expect, it } from 'vitest';
import { clientDisplayName, ZClientInput } from './clients.ts';

describe('client register input', () => {
  it('canonicalises a person with the answers’ checks and drops empty fields', () => {
    const parsed = ZClientInput.parse({
      tipo: 'persona_fisica',
      dati: {
        nome: ' Mario ',
        cognome: 'Rossi',
        codice_fiscale: 'rssmra 85t10 a562s',
        cap: '00184',
        provincia: 'rm',
        data_nascita: '10/12/1985',
        pec: 'Mario.Rossi@PEC.it',
        telefono: '',
      },
    });
    expect(parsed.dati).toEqual({
      nome: 'Mario',
      cognome: 'Rossi',
      codice_fiscale: 'RSSMRA85T10A562S',
      cap: '00184',
      provincia: 'RM',
      data_nascita: '1985-12-10',
      pec: 'mario.rossi@pec.it',
    });
    expect(clientDisplayName('persona_fisica', parsed.dati)).toBe('Rossi Mario');
  });

  it('names each wrong or missing field under its path, in Italian', () => {
    const result = ZClientInput.safeParse({
      tipo: 'persona_giuridica',
      dati: { partita_iva: '12345678901', cap: '1', colore: 'blu' },
      legale_rappresentante: { nome: 'Anna', genere: 'neutro' },
    });
    expect(result.success).toBe(false);
    const issues = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(Object.keys(issues).sort()).toEqual([
      'dati.cap',
      'dati.colore',
      'dati.denominazione',
      'dati.partita_iva',
      'legale_rappresentante.cognome',
      'legale_rappresentante.genere',
    ]);
    expect(issues['dati.denominazione']).toBe('Indica denominazione.');
    expect(issues['legale_rappresentante.genere']).toBe('Scegli una delle risposte per «Genere».');
  });

  it('keeps whether the client is a sostituto d’imposta, of a client only, never of a legal representative', () => {
    const person = ZClientInput.parse({
      tipo: 'persona_fisica',
      dati: { nome: 'Anna', cognome: 'Bianchi', sostituto_imposta: 'No' },
    });
    expect(person.dati.sostituto_imposta).toBe('No');
    const company = ZClientInput.safeParse({
      tipo: 'persona_giuridica',
      dati: { denominazione: 'Alfa S.r.l.', sostituto_imposta: 'forse' },
      legale_rappresentante: { nome: 'Marco', cognome: 'Neri', sostituto_imposta: 'Sì' },
    });
    const issues = Object.fromEntries(
      (company.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(issues).toEqual({
      'dati.sostituto_imposta': "Scegli una delle risposte per «Sostituto d'imposta».",
      'legale_rappresentante.sostituto_imposta': 'Campo non previsto per questo tipo di cliente.',
    });
  });
});
