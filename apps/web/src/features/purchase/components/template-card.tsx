import { formatEuro } from '@lexpath/shared/italian-formats';
import { it } from '@lexpath/shared/messages/it';
import type { TTemplateCard } from '@lexpath/shared/schemas/templates';
import { formatLongDate, formatRange } from '../../../lib/format.ts';
import './catalogue.css';

const texts = it.web.purchase;

export interface TemplateCardProps {
  template: TTemplateCard;
  onStart(template: TTemplateCard): void;
}

/** A published template; the title is the button that starts a document (the whole card
 * reacts to the pointer, the keyboard reaches one button). Plain elements (issue 13). */
export function TemplateCard({ template, onStart }: TemplateCardProps) {
  // With a list of no maximum the ceiling (every list full) is no estimate: the card gives what
  // the fewest items ask (min_items, or one), «da 7», and says why there may be more.
  const open = template.open_lists === true && template.min_questions !== null;
  const time = open
    ? template.min_time === null
      ? null
      : it.lawyerScreens.fromAtLeast(template.min_time)
    : formatRange(template.min_time, template.max_time);
  const questions = open
    ? it.lawyerScreens.fromAtLeast(template.min_questions as number)
    : formatRange(template.min_questions, template.max_questions);
  return (
    <article className="lp-cat-card">
      <div className="lp-cat-card-body">
        <h2 className="lp-cat-card-title">
          <button type="button" className="lp-cat-card-start" onClick={() => onStart(template)}>
            {template.name}
          </button>
        </h2>
        <p className="lp-cat-card-description">{template.description}</p>
        <div className="lp-cat-card-facts">
          <p className="lp-cat-card-price">
            {formatEuro(template.price_cents)} {texts.plusVat}
          </p>
          <p className="lp-cat-text">
            {texts.latestVersion(formatLongDate(template.latestVersionAt))}
          </p>
          {time ? <p className="lp-cat-text">{texts.timeRange(time)}</p> : null}
          {questions ? <p className="lp-cat-text">{texts.questionRange(questions)}</p> : null}
          {open ? <p className="lp-cat-text">{it.lawyerScreens.openListsNote}</p> : null}
        </div>
      </div>
    </article>
  );
}
