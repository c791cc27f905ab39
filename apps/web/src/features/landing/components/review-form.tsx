import { useId, useState } from 'react';
import { Star } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';

const RATINGS = [1, 2, 3, 4, 5] as const;

/**
 * SPEC §2 / §5: the review form is visual only — star hover and selection, no validation,
 * no submit. Native radios give the stars radio-group keyboard behaviour.
 */
export function ReviewForm() {
  const [rating, setRating] = useState(0);
  const [hovered, setHovered] = useState(0);
  const id = useId();
  const shown = hovered || rating;

  return (
    <form
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => event.preventDefault()}
      className="rounded-lg border bg-card p-6 shadow-sm"
    >
      <h3 id={`${id}-title`} className="text-xl font-semibold">
        Share your experience
      </h3>
      <fieldset role="radiogroup" className="mt-5">
        <legend className="text-sm font-medium">Your rating</legend>
        <div className="mt-2 flex gap-1" onMouseLeave={() => setHovered(0)}>
          {RATINGS.map((value) => (
            <label key={value} className="cursor-pointer" onMouseEnter={() => setHovered(value)}>
              <input
                type="radio"
                name={`${id}-rating`}
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="peer sr-only"
              />
              <span className="sr-only">
                {value} {value === 1 ? 'star' : 'stars'}
              </span>
              <Star
                aria-hidden="true"
                data-filled={value <= shown}
                className={cn(
                  'size-8 rounded-sm transition-colors peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 motion-reduce:transition-none',
                  value <= shown ? 'fill-amber-400 text-amber-400' : 'text-slate-300',
                )}
              />
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-5 grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-experience`}>Your experience</Label>
          <Textarea id={`${id}-experience`} rows={4} placeholder="Tell us about our machines and service" />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input id={`${id}-name`} autoComplete="name" />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-position`}>Position</Label>
            <Input id={`${id}-position`} autoComplete="organization-title" />
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-company`}>Company</Label>
          <Input id={`${id}-company`} autoComplete="organization" />
        </div>
      </div>
      <Button type="submit" className="mt-6 w-full sm:w-auto">
        Submit Review
      </Button>
    </form>
  );
}
