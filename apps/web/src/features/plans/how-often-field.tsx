import { type PlanFrequency, planFrequencySchema } from '@vetted/contract';
import {
  Alert,
  AlertDescription,
  FormField,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@vetted/ui';
import { FREQUENCY_WORDS, PLAN_PAYMENT_TEXT } from './plan-words';

/** A booking's repetition: once, or one of the plan frequencies. */
export type HowOften = 'once' | PlanFrequency;

export interface HowOftenFieldProps {
  /** The choice; "once" books a single visit. */
  value: HowOften;
  onChange: (value: HowOften) => void;
  /** The first visit's day (`YYYY-MM-DD`): the earliest last day offered. */
  firstDay: string;
  /** An error about the last day, from the API. */
  untilError?: string;
}

/**
 * "How often?": One time (the default), Every week, Every 2 weeks or Every 4 weeks. When
 * repeating, an optional last day (a native date input named `until`, read from the form) and
 * what repeating means for the card, before anything is paid.
 */
export function HowOftenField({ value, onChange, firstDay, untilError }: HowOftenFieldProps) {
  return (
    <div className="flex flex-col gap-3">
      <FormField label="How often?">
        <Select value={value} onValueChange={(v) => onChange(v as HowOften)}>
          <SelectTrigger>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="once">One time</SelectItem>
            {planFrequencySchema.options.map((f) => (
              <SelectItem key={f} value={f}>
                {FREQUENCY_WORDS[f]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      {value === 'once' ? null : (
        <>
          <FormField
            label="Last day (optional)"
            hint="No visit after this day. Leave empty to keep going until you cancel."
            error={untilError}
          >
            <Input type="date" name="until" min={firstDay} />
          </FormField>
          <Alert variant="info">
            <AlertDescription>
              You pay the first visit now; the pro then accepts the plan. {PLAN_PAYMENT_TEXT}
            </AlertDescription>
          </Alert>
        </>
      )}
    </div>
  );
}

/**
 * The end of calendar day `day` (`YYYY-MM-DD`) in IANA `timeZone`, as an ISO 8601 instant: the
 * plan's `until` (no visit starts after it). The zone's offset that day comes from the platform's
 * time-zone database (`Intl`), the app having no time-zone library.
 */
export function endOfDayIn(day: string, timeZone: string): string {
  const noon = new Date(`${day}T12:00:00Z`);
  const zoneName =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(noon)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  // "GMT-05:00" → "-05:00"; plain "GMT" is UTC.
  const offset = zoneName === 'GMT' ? 'Z' : zoneName.slice(3);
  return new Date(`${day}T23:59:59${offset}`).toISOString();
}
