import { useEffect, useRef, useState } from 'react';
import { StarIcon } from '@/components/ui/star-icon';
import { useT } from '@/lib/i18n';

const RATINGS = [1, 2, 3, 4, 5] as const;

interface RatingInputProps {
  /** The form field's name: the stars are radio buttons, so a plain form posts the rating. */
  name: string;
  legend: string;
  /** The rating chosen at first; 0 or none, no star. */
  defaultValue?: number;
  onChange?: (value: number) => void;
  error?: string;
  /** The id of the error text, which describes the group while there is one. */
  errorId: string;
  className?: string;
}

/**
 * One to five stars to choose from, as a group of radio buttons: arrows move between them, and each
 * says "N stars". It works in the server's HTML alone: until the app draws the stars, CSS fills the
 * chosen one and those before it from the radio buttons (`.rating-stars` in index.css); when the app
 * starts it takes over a star chosen meanwhile.
 */
export function RatingInput({ name, legend, defaultValue = 0, onChange, error, errorId, className }: RatingInputProps) {
  const { t } = useT();
  const [rating, setRating] = useState(defaultValue);
  const [hovered, setHovered] = useState(0);
  const [drawn, setDrawn] = useState(false);
  const starsRef = useRef<HTMLDivElement>(null);
  const shown = hovered || rating;

  useEffect(() => {
    const chosen = starsRef.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    if (chosen) setRating(Number(chosen.value));
    setDrawn(true);
  }, []);

  const choose = (value: number) => {
    setRating(value);
    onChange?.(value);
  };

  return (
    <fieldset
      role="radiogroup"
      className={className}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="text-sm font-medium">{legend}</legend>
      <div
        ref={starsRef}
        className="rating-stars mt-2 flex gap-1"
        data-drawn={drawn || undefined}
        onMouseLeave={() => setHovered(0)}
      >
        {RATINGS.map((value) => (
          <label key={value} className="cursor-pointer" onMouseEnter={() => setHovered(value)}>
            <input
              type="radio"
              name={name}
              value={value}
              checked={rating === value}
              onChange={() => choose(value)}
              className="peer sr-only"
            />
            <span className="sr-only">{t('ui.stars', { count: value })}</span>
            {/* The focus ring sits on this box: the star's mask would cut it off. */}
            <span className="block rounded-sm peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2">
              <StarIcon filled={value <= shown} className="size-8 transition-colors motion-reduce:transition-none" />
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
