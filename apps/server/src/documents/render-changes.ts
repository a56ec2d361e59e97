/**
 * Changes to what the renderer writes, each with the instant it went live. A bought document is
 * rendered again from its answers at every download, and must read as it did when it was paid:
 * a contract paid before a change renders without it, forever. Previews, try-outs and unpaid
 * drafts take every change. A change is added here, never removed, and its `since` is the deploy
 * that brings it (a moment after which no one has paid under the old renderer).
 */
export const RENDER_CHANGES = [
  {
    /** Cross-references and sequences carry the numbers of the kept clauses (cross-references.ts). */
    name: 'crossReferences',
    since: new Date('2026-11-27T12:00:00Z'),
  },
  {
    /**
     * Money and percentages in the legal form: `importo_lettere` one word without «e» or spaces
     * («unmilioneduecentotrentaquattromila…/89»), `percentuale` «2,5%», `euro` «1.234,50 €».
     * Before: n2words' «un milione duecentotrentaquattromila…», «2,5 %», «€ 1.234,50».
     */
    name: 'legalAmounts',
    since: new Date('2026-11-27T12:00:00Z'),
  },
  {
    /**
     * A blank line in a `testo_lungo` answer starts a new paragraph in the paragraph's own style;
     * before, it was two line breaks inside one paragraph.
     */
    name: 'longTextParagraphs',
    since: new Date('2026-11-27T12:00:00Z'),
  },
] as const satisfies readonly { name: string; since: Date }[];

export type RenderChange = (typeof RENDER_CHANGES)[number]['name'];

/** Every change: what a preview and a document paid from now on get. */
export const ALL_RENDER_CHANGES: readonly RenderChange[] = RENDER_CHANGES.map(({ name }) => name);

/**
 * The changes a document paid at `paidAt` was rendered with: those live by then. A document not
 * paid (a preview, a draft) gets every change.
 */
export function renderChangesAt(paidAt: Date | null | undefined): RenderChange[] {
  if (!paidAt) return [...ALL_RENDER_CHANGES];
  return RENDER_CHANGES.filter(({ since }) => paidAt >= since).map(({ name }) => name);
}
