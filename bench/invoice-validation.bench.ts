// The FatturaPA schema check every invoice and credit note passes before it is issued
// (apps/server/src/modules/invoices/fatturapa-schema.ts, libxml2-wasm with the schema compiled
// once and kept): the first check (which compiles the schema), then one check at a time, then
// 40 in a row (a burst of purchases). A check runs on the event loop, so its time is also how
// long it holds the loop: the budget keeps it far below a request's. The times count the time
// the OS gave the process no core: read them with the load average. Run through tsx; prints one
// JSON object. Local work only, bounded in count.

import { loadavg } from 'node:os';
import { buildFatturaPa } from '../apps/server/src/modules/invoices/fatturapa.ts';
import { fatturaPaProblems } from '../apps/server/src/modules/invoices/fatturapa-schema.ts';

const BUDGET = { single_p50_ms: 5 };

const sede = {
  indirizzo: 'via Toledo 10',
  cap: '80134',
  comune: 'Napoli',
  provincia: 'NA',
  nazione: 'IT',
};
const invoice = (index: number) =>
  buildFatturaPa({
    tipoDocumento: 'TD01',
    numero: `LP-2026/${String(index + 1).padStart(6, '0')}`,
    data: '2026-11-27',
    progressivoInvio: String(index + 1).padStart(5, '0'),
    seller: {
      denominazione: 'LexPath S.r.l.',
      partitaIva: '01234567897',
      codiceFiscale: '01234567897',
      regimeFiscale: 'RF01',
      sede,
    },
    buyer: {
      tipo: 'persona_fisica',
      nome: 'Mario',
      cognome: 'Rossi',
      partitaIva: '12345678903',
      codiceFiscale: 'RSSMRA80A01H501U',
      sede,
      pecDestinatario: 'fatture.rossi@pec.test.it',
    },
    lines: [{ descrizione: 'Contratto di locazione abitativa', prezzoCents: 4990 }],
  });

/** Milliseconds and CPU milliseconds of one check of a new document. */
function check(index: number): { ms: number; cpuMs: number } {
  const xml = invoice(index);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const problems = fatturaPaProblems(xml);
  const cpu = process.cpuUsage(cpuBefore);
  if (problems.length > 0) throw new Error(`the sample invoice does not validate: ${problems}`);
  return { ms: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000 };
}

const round = (ms: number) => Number(ms.toFixed(2));
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

function main() {
  const loadBefore = loadavg()[0];
  const first = check(0);
  const singles = Array.from({ length: 20 }, (_, index) => check(index + 1));
  const burstStarted = performance.now();
  for (let index = 0; index < 40; index += 1) check(100 + index);
  const burst = performance.now() - burstStarted;
  const times = singles.map((run) => run.ms);
  const figures = {
    first_check_ms: round(first.ms),
    single_p50_ms: round(median(times)),
    single_max_ms: round(Math.max(...times)),
    single_cpu_p50_ms: round(median(singles.map((run) => run.cpuMs))),
    burst_of_40_ms: round(burst),
    loadavg_1m: [round(loadBefore ?? 0), round(loadavg()[0] ?? 0)],
    budget: BUDGET,
  };
  console.log(JSON.stringify(figures, null, 2));
  process.exitCode = figures.single_p50_ms > BUDGET.single_p50_ms ? 1 : 0;
}

main();
