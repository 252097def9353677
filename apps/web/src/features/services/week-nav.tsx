import { Button } from '@vetted/ui';
import { ChevronLeft, ChevronRight } from 'lucide-react';

export interface WeekNavProps {
  onPrevWeek?: () => void;
  onNextWeek: () => void;
  /** False on the first week: "Previous week" is disabled. */
  canGoBack: boolean;
}

/** "Previous week" and "Next week" under a week of slots. */
export function WeekNav({ onPrevWeek, onNextWeek, canGoBack }: WeekNavProps) {
  return (
    <div className="flex items-center justify-between">
      <Button variant="ghost" size="sm" onClick={onPrevWeek} disabled={!canGoBack}>
        <ChevronLeft aria-hidden="true" /> Previous week
      </Button>
      <Button variant="ghost" size="sm" onClick={onNextWeek}>
        Next week <ChevronRight aria-hidden="true" />
      </Button>
    </div>
  );
}
